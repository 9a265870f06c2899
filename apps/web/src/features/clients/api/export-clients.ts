import { useMutation } from '@tanstack/react-query';
import type { ClientExportFormat, ClientExportRequest } from '@casedesk/contract/clients/client-search';
import { ApiError, popupMessageOf, readErrorBody } from '@/lib/api-error.ts';
import { getAccessToken, refreshAccessToken } from '@/lib/auth.ts';
import { reportError } from '@/lib/error-popup-store.ts';
import { browserOffsetHours } from '@/lib/time-offset.ts';

function post(url: string, token: string | null, body: unknown): Promise<Response> {
  const headers = new Headers({ Accept: '*/*', 'Content-Type': 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** The server names the file (in the browser's local time); this is the fallback. */
function filenameOf(response: Response, format: ClientExportFormat): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `clients.${format}`;
}

function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * POST /api/v1/client/export?offsetHours=… (SPEC §7: exports are POST downloads read as a blob).
 * Same 401 rule as the api client: refresh silently and retry once. Failures go to the error popup (SPEC §8).
 */
export async function exportClients(request: ClientExportRequest): Promise<void> {
  const url = `/api/v1/client/export?offsetHours=${encodeURIComponent(String(browserOffsetHours()))}`;
  try {
    let response = await post(url, await getAccessToken(), request);
    if (response.status === 401) response = await post(url, await refreshAccessToken(), request);
    if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
    saveBlob(await response.blob(), filenameOf(response, request.format));
  } catch (error) {
    console.error('POST /api/v1/client/export failed', error);
    reportError(popupMessageOf(error));
    throw error;
  }
}

export function useExportClients() {
  return useMutation({ mutationFn: exportClients });
}
