import { ApiError, popupMessageOf, readErrorBody } from '@/lib/api-error.ts';
import { getAccessToken, refreshAccessToken } from '@/lib/auth.ts';
import { reportError } from '@/lib/error-popup-store.ts';
import { browserOffsetHours } from '@/lib/time-offset.ts';

interface DownloadOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Used when the server names no file (Content-Disposition); the server's name wins. */
  filename: string;
}

function post(url: string, token: string | null, body: unknown): Promise<Response> {
  const headers = new Headers({ Accept: '*/*' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  return fetch(url, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/**
 * SPEC §7: exports are POST downloads read as a blob, with offsetHours. Same 401 rule as the api
 * client (refresh silently and retry once); failures go to the error popup (SPEC §8).
 */
export async function downloadFile(path: string, options: DownloadOptions): Promise<Blob> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  url.searchParams.set('offsetHours', String(browserOffsetHours()));
  const target = url.pathname + url.search;
  try {
    let response = await post(target, await getAccessToken(), options.body);
    if (response.status === 401) response = await post(target, await refreshAccessToken(), options.body);
    if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
    const blob = await response.blob();
    saveBlob(blob, filenameOf(response) ?? options.filename);
    return blob;
  } catch (error) {
    console.error(`POST ${path} failed`, error);
    reportError(popupMessageOf(error));
    throw error;
  }
}

/** The file name the server gives (in the browser's local time, from offsetHours), if any. */
function filenameOf(response: Response): string | undefined {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
}

/** Hands the blob to the browser as a file download. */
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
