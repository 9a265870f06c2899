import { z } from 'zod';

/**
 * SPEC §7 photo upload: request an upload location (userId, filename) that returns url and id, then PUT
 * the image bytes to that url; the profile save then sets imageUrl to the file's path (DESIGN §1, §7).
 */

/** DESIGN §7: the image types a profile photo may have. SVG is left out on purpose (it can carry script). */
export const PHOTO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

/** DESIGN §7: size limit of one photo. */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** How long an upload location stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 5 * 60;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const FILE_URL_PATTERN = new RegExp(`^/api/v1/files/(${UUID})$`);

/** The path a stored file is served from; what the profile keeps as imageUrl. */
export function fileUrlOf(id: string): string {
  return `/api/v1/files/${id}`;
}

/** The file id of a /api/v1/files/{id} path, else undefined. */
export function fileIdFromUrl(url: string | null | undefined): string | undefined {
  return url ? FILE_URL_PATTERN.exec(url)?.[1] : undefined;
}

export const PHOTO_MESSAGES = {
  filename: 'Filename must name a PNG, JPEG or WebP image.',
  contentType: 'Only PNG, JPEG or WebP images can be uploaded.',
  tooLarge: 'The image must be 2 MB or smaller.',
  empty: 'The image is empty.',
  contentMismatch: 'The file content is not the image type it claims to be.',
  invalidLink: 'This upload link is invalid.',
  expiredLink: 'This upload link has expired.',
  usedLink: 'This upload link has already been used.',
  /** SPEC §8: image upload failures are only logged, with these words. */
  uploadFailed: 'Failed to upload image',
  missingData: 'Response is missing necessary data',
} as const;

/** The photo's content type from its file name, or undefined when it is not one we accept. */
export function photoTypeOfFilename(filename: string): PhotoContentType | undefined {
  const extension = /\.([A-Za-z]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (extension === 'png') return 'image/png';
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'webp') return 'image/webp';
  return undefined;
}

/** POST /api/v1/user/upload body. */
export const photoUploadRequestSchema = z
  .object({
    userId: z.string().uuid('User Id must be a valid id.'),
    filename: z
      .string()
      .min(1, PHOTO_MESSAGES.filename)
      .max(255, 'Filename must be 255 characters or less.')
      // The same rule as photoTypeOfFilename, as a pattern so the OpenAPI document states it too.
      .regex(/\.([Pp][Nn][Gg]|[Jj][Pp][Ee]?[Gg]|[Ww][Ee][Bb][Pp])$/, PHOTO_MESSAGES.filename),
  })
  .strict();
export type PhotoUploadRequest = z.infer<typeof photoUploadRequestSchema>;

/** Where to PUT the bytes (a short-lived signed URL) and the id the file will have. */
export const photoUploadResponseSchema = z.object({ url: z.string(), id: z.string().uuid() });
export type PhotoUploadResponse = z.infer<typeof photoUploadResponseSchema>;

export const fileIdParamsSchema = z.object({ id: z.string().uuid('Id must be a valid id.') }).strict();

/** The query of a signed upload URL: expiry (seconds since the epoch) and the HMAC over id and expiry. */
export const signedUploadQuerySchema = z
  .object({
    expires: z
      .string()
      .regex(/^\d{1,12}$/, 'Expires must be a time in seconds.')
      .transform(Number),
    signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, PHOTO_MESSAGES.invalidLink),
  })
  .strict();

/** PUT /api/v1/files/{id} answer: what was stored. */
export const storedFileSchema = z.object({
  id: z.string().uuid(),
  url: z.string(),
  contentType: z.enum(PHOTO_CONTENT_TYPES),
  size: z.number().int(),
  sha256: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;
