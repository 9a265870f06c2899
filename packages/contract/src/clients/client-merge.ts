import { z } from 'zod';
import { CLIENT_FIELD_NAMES, CLIENT_MESSAGES, clientDetailSchema } from './client.ts';

export const MERGE_SIDES = ['survivor', 'merged'] as const;
export type MergeSide = (typeof MERGE_SIDES)[number];

/** For each field, whose value the survivor keeps; fields left out keep the survivor's value. */
export const mergeFieldChoicesSchema = z.partialRecord(z.enum(CLIENT_FIELD_NAMES), z.enum(MERGE_SIDES)).default({});
export type MergeFieldChoices = z.infer<typeof mergeFieldChoicesSchema>;

/** POST /api/v1/client/merge: the merged-away client becomes a tombstone pointing at the survivor. */
export const clientMergeRequestSchema = z
  .object({
    survivorId: z.string().uuid(),
    mergedId: z.string().uuid(),
    fields: mergeFieldChoicesSchema,
  })
  .strict()
  .refine((v) => v.survivorId !== v.mergedId, { message: CLIENT_MESSAGES.sameClient, path: ['mergedId'] });
export type ClientMergeRequest = z.infer<typeof clientMergeRequestSchema>;

/** Related rows moved to the survivor, by table name (calls, sms_messages, inquiries, …). */
export const movedCountsSchema = z.record(z.string(), z.number().int());

export const clientMergeResponseSchema = z.object({
  survivor: clientDetailSchema,
  mergedId: z.string().uuid(),
  moved: movedCountsSchema,
});
export type ClientMergeResponse = z.infer<typeof clientMergeResponseSchema>;

/** POST /api/v1/inquiry/mergeWithExisting: the inquiry's client is merged into an existing client. */
export const inquiryMergeWithExistingSchema = z
  .object({
    inquiryId: z.string().uuid(),
    existingClientId: z.string().uuid(),
    fields: mergeFieldChoicesSchema,
  })
  .strict();
export type InquiryMergeWithExistingRequest = z.infer<typeof inquiryMergeWithExistingSchema>;

/** Fields whose values differ between two clients: the ones the compare modal asks about. */
export function differingFields<T extends Record<string, unknown>>(a: T, b: T): (keyof T & string)[] {
  return CLIENT_FIELD_NAMES.filter((name) => (a[name] ?? null) !== (b[name] ?? null));
}
