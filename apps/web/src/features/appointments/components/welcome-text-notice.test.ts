import { describe, expect, it } from 'vitest';
import { WELCOME_TEXT_OUTCOMES } from '@casedesk/contract/appointments/appointment-link';
import { welcomeTextNotice } from './welcome-text-notice.ts';

describe('welcomeTextNotice', () => {
  it('says nothing when no welcome text was asked for', () => {
    expect(welcomeTextNotice('NOT_REQUESTED')).toBeNull();
  });

  it('says what became of a requested text, in a colour that matches', () => {
    expect(welcomeTextNotice('SENT')).toEqual({ color: 'green', message: 'Welcome text sent to the client.' });
    expect(welcomeTextNotice('SKIPPED_AUTO_TEXT_OFF')?.color).toBe('yellow');
    expect(welcomeTextNotice('SKIPPED_OPTED_OUT')?.message).toMatch(/opted out/);
    expect(welcomeTextNotice('SKIPPED_RATE_LIMITED')).toMatchObject({ color: 'yellow' });
    expect(welcomeTextNotice('FAILED')).toMatchObject({ color: 'red' });
    // Every outcome the server can answer with has its words.
    for (const outcome of WELCOME_TEXT_OUTCOMES.filter((o) => o !== 'NOT_REQUESTED')) {
      expect(welcomeTextNotice(outcome)?.message).toBeTruthy();
    }
  });
});
