import { queryOptions, useQuery } from '@tanstack/react-query';
import { fileIdFromUrl } from '@casedesk/contract/users/user-photo';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * GET /api/v1/files/{id}: a photo is served to signed-in users only, so an <img src> (which sends no
 * bearer token) cannot load it; it is fetched with the token and shown from a data: URL instead (nothing to
 * revoke, and the CSP allows data: images).
 * Failures are only logged (SPEC §8 image failures); the avatar falls back to initials.
 */
export async function getUserPhoto(imageUrl: string, signal?: AbortSignal): Promise<Blob> {
  const response = await apiFetch(imageUrl, { signal, onError: 'log', accept: 'image/*' });
  return response.blob();
}

export function userPhotoQueryOptions(imageUrl: string) {
  return queryOptions({
    queryKey: ['user', 'photo', imageUrl],
    queryFn: ({ signal }) =>
      getUserPhoto(imageUrl, signal)
        .then(toDataUrl)
        .catch((error: unknown) => {
          console.error('Failed to load image', error);
          throw error;
        }),
    // A file id names fixed bytes: what was fetched once stays right.
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
}

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image'));
    reader.readAsDataURL(blob);
  });
}

/** A displayable URL for a profile imageUrl (/api/v1/files/{id}); undefined while loading, on failure or without one. */
export function useUserPhotoUrl(imageUrl: string | null | undefined): string | undefined {
  const path = fileIdFromUrl(imageUrl) ? imageUrl! : undefined;
  const { data } = useQuery({ ...userPhotoQueryOptions(path ?? ''), enabled: path !== undefined });
  return path ? data : undefined;
}
