import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { saveResponse } from '@/lib/download-file.ts';

/** GET /api/v1/draft/:id/attachment/:attachmentId: a file of the draft, saved under its own name. */
export async function downloadDraftAttachment(input: { draftId: string; attachmentId: string; filename: string }) {
  const response = await apiFetch(`/api/v1/draft/${input.draftId}/attachment/${input.attachmentId}`, {
    method: 'GET',
    accept: '*/*',
  });
  return saveResponse(response, input.filename);
}

export function useDownloadDraftAttachment() {
  return useMutation({ mutationFn: downloadDraftAttachment });
}
