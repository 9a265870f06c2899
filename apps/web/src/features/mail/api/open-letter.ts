import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { saveResponse } from '@/lib/download-file.ts';

/**
 * GET /api/v1/mail/letter/:id/file: the letter's PDF. `print` opens it in a new tab, where the browser's PDF
 * viewer prints it (the tab is opened at the click, so no pop-up blocker stops it); otherwise it is saved.
 */
export async function openLetter(input: { id: string; print: boolean }): Promise<void> {
  const tab = input.print ? window.open('', '_blank') : null;
  try {
    const response = await apiFetch(`/api/v1/mail/letter/${input.id}/file`, { method: 'GET', accept: '*/*' });
    if (!tab) {
      await saveResponse(response, `letter-${input.id.slice(0, 8)}.pdf`);
      return;
    }
    const href = URL.createObjectURL(await response.blob());
    tab.location.href = href;
    window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export function useOpenLetter() {
  return useMutation({ mutationFn: openLetter });
}
