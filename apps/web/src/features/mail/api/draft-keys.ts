import type { DraftListRequestInput } from '@casedesk/contract/mail/draft';

/**
 * The drafts' query keys, under the mail module's: a draft that is sent or printed makes an outbox e-mail or a
 * saved letter, so the writes refresh the mail lists too (see draft-writes.ts).
 */
export const draftKeys = {
  all: ['mail', 'drafts'] as const,
  list: (request: DraftListRequestInput) => [...draftKeys.all, 'list', request] as const,
  detail: (id: string) => [...draftKeys.all, 'detail', id] as const,
};
