import type { z } from 'zod';
import { PHOTO_MESSAGES, type PhotoUploadResponse } from '@casedesk/contract/users/user-photo';
import { apiRequest } from '@/lib/api-client.ts';

/** Read leniently, so a reply without url or id is reported in SPEC §8's words rather than as a contract error. */
type LooseUploadResponse = z.ZodType<{ url?: unknown; id?: unknown }>;

/**
 * POST /api/v1/user/upload { userId, filename } → { url, id }: where to PUT the photo (SPEC §7).
 * SPEC §8: image upload failures are only logged, never shown in the error popup.
 */
export async function requestPhotoUpload(userId: string, filename: string): Promise<PhotoUploadResponse> {
  const reply = await apiRequest<LooseUploadResponse>('/api/v1/user/upload', {
    method: 'POST',
    body: { userId, filename },
    onError: 'log',
  });
  if (typeof reply.url !== 'string' || !reply.url || typeof reply.id !== 'string' || !reply.id) {
    console.error(PHOTO_MESSAGES.missingData, reply);
    throw new Error(PHOTO_MESSAGES.missingData);
  }
  return { url: reply.url, id: reply.id };
}
