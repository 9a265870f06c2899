import { useMutation } from '@tanstack/react-query';
import { fileUrlOf, PHOTO_MESSAGES } from '@casedesk/contract/users/user-photo';
import { requestPhotoUpload } from './request-photo-upload.ts';

/**
 * PUT the image to its signed upload URL. No bearer token: the signature is the authority, and the URL
 * may one day point at object storage that must never see our tokens.
 */
export async function putPhotoBytes(url: string, file: Blob): Promise<void> {
  const response = await fetch(url, { method: 'PUT', body: file, headers: { 'Content-Type': file.type } });
  if (!response.ok) throw new Error(`PUT upload URL failed with status ${response.status}`);
}

/**
 * SPEC §7 photo: request an upload location, PUT the blob there; resolves to the imageUrl the profile
 * save then sets. SPEC §8: failures are only logged ('Failed to upload image').
 */
export async function uploadPhoto(userId: string, file: File): Promise<string> {
  try {
    const { url, id } = await requestPhotoUpload(userId, file.name);
    await putPhotoBytes(url, file);
    return fileUrlOf(id);
  } catch (error) {
    console.error(PHOTO_MESSAGES.uploadFailed, error);
    throw error;
  }
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: ({ userId, file }: { userId: string; file: File }) => uploadPhoto(userId, file) });
}
