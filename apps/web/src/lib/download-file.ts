import { apiFetch } from '@/lib/api-client.ts';

interface DownloadOptions {
  /** POST for exports of a list (the body is its request); GET for a file that already exists. */
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Used when the server names no file (Content-Disposition); the server's name wins. */
  filename: string;
}

/**
 * SPEC §7: exports are POST downloads read as a blob, with offsetHours. The token, the refresh-and-retry and
 * the error popup (SPEC §8) are the api client's.
 */
export async function downloadFile(path: string, options: DownloadOptions): Promise<Blob> {
  const response = await apiFetch(path, {
    method: options.method ?? 'POST',
    query: options.query,
    body: options.body,
    withOffsetHours: true,
    accept: '*/*',
  });
  return saveResponse(response, options.filename);
}

/** Saves a file answer under the server's file name, else `filename`. */
export async function saveResponse(response: Response, filename: string): Promise<Blob> {
  const blob = await response.blob();
  saveBlob(blob, filenameOf(response) ?? filename);
  return blob;
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
