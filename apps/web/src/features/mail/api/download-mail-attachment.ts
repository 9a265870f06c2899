import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { saveResponse } from '@/lib/download-file.ts';

/** GET /api/v1/mail/:id/attachment/:attachmentId: a file sent with an e-mail, saved under its own name. */
export async function downloadMailAttachment(input: { mailId: string; attachmentId: string; filename: string }) {
  const response = await apiFetch(`/api/v1/mail/${input.mailId}/attachment/${input.attachmentId}`, {
    method: 'GET',
    accept: '*/*',
  });
  return saveResponse(response, input.filename);
}

export function useDownloadMailAttachment() {
  return useMutation({ mutationFn: downloadMailAttachment });
}
