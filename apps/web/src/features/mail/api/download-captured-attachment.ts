import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { saveResponse } from '@/lib/download-file.ts';

/** GET /api/v1/mail/:id/captured/:attachmentId: a file as the embedded SMTP server received it. */
export async function downloadCapturedAttachment(input: { mailId: string; attachmentId: string; filename: string }) {
  const response = await apiFetch(`/api/v1/mail/${input.mailId}/captured/${input.attachmentId}`, {
    method: 'GET',
    accept: '*/*',
  });
  return saveResponse(response, input.filename);
}

export function useDownloadCapturedAttachment() {
  return useMutation({ mutationFn: downloadCapturedAttachment });
}
