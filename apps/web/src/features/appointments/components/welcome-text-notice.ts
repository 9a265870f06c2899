import type { WelcomeTextOutcome } from '@casedesk/contract/appointments/appointment-link';

export interface WelcomeTextNotice {
  color: 'green' | 'yellow' | 'red';
  message: string;
}

/**
 * What became of the welcome text a booking asked for (the welcome SMS checkbox), in plain words for
 * the toast beside "booked"; nothing when none was asked for.
 */
export function welcomeTextNotice(outcome: WelcomeTextOutcome): WelcomeTextNotice | null {
  switch (outcome) {
    case 'NOT_REQUESTED':
      return null;
    case 'SENT':
      return { color: 'green', message: 'Welcome text sent to the client.' };
    case 'SKIPPED_AUTO_TEXT_OFF':
      return { color: 'yellow', message: 'Welcome text not sent: the client has auto-text disabled.' };
    case 'SKIPPED_OPTED_OUT':
      return { color: 'yellow', message: 'Welcome text not sent: the client’s number has opted out of texts.' };
    case 'SKIPPED_RATE_LIMITED':
      return {
        color: 'yellow',
        message:
          'Welcome text not sent: you have sent too many texts in the last minute. Send it from the client’s texts.',
      };
    case 'FAILED':
      return { color: 'red', message: 'The appointment is booked, but the welcome text could not be sent.' };
  }
}
