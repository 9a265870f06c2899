import type { LetterListRequestInput } from '@casedesk/contract/mail/letter';
import type { MailListRequestInput } from '@casedesk/contract/mail/mail';

/**
 * The mail module's query keys. A send, a retry or a letter changes what the lists show, so writes refresh
 * everything under `all`; an e-mail's own detail polls while it is still on its way.
 */
export const mailKeys = {
  all: ['mail'] as const,
  list: (request: MailListRequestInput) => [...mailKeys.all, 'list', request] as const,
  detail: (id: string) => [...mailKeys.all, 'detail', id] as const,
  letters: (request: LetterListRequestInput) => [...mailKeys.all, 'letters', request] as const,
  batch: (id: string) => [...mailKeys.all, 'batch', id] as const,
  transport: () => [...mailKeys.all, 'transport'] as const,
};
