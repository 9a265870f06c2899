import type { LetterRecipient } from './letter-pdf.ts';
import type { LetterClient } from './letters.repository.ts';

/** The day a letter is dated: that day in the office's own time zone, as a letter writes it ("March 4, 2026"). */
export function letterDate(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'long' }).format(at);
}

/** The address block of a client. */
export function recipientOf(client: LetterClient): LetterRecipient {
  return {
    name: `${client.firstName} ${client.lastName}`.trim(),
    streetAddress: client.streetAddress,
    city: client.city,
    state: client.state,
    zip: client.zipCode,
  };
}
