import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileIdFromUrl, fileUrlOf, photoTypeOfFilename, photoUploadRequestSchema } from './user-photo.ts';

const userId = '6f1c2d3e-4a5b-4c6d-8e7f-001122334455';

describe('photo upload request', () => {
  it('accepts a file name exactly when its extension is an accepted image type (property)', () => {
    const extension = fc.constantFrom('png', 'PNG', 'jpg', 'JpEg', 'webp', 'gif', 'svg', 'png.exe', '', 'jpgx');
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), extension, (stem, ext) => {
        const filename = `${stem}.${ext}`;
        expect(photoUploadRequestSchema.safeParse({ userId, filename }).success).toBe(
          photoTypeOfFilename(filename) !== undefined,
        );
      }),
    );
  });

  it('maps extensions to content types', () => {
    expect(photoTypeOfFilename('me.PNG')).toBe('image/png');
    expect(photoTypeOfFilename('me.jpg')).toBe('image/jpeg');
    expect(photoTypeOfFilename('me.jpeg')).toBe('image/jpeg');
    expect(photoTypeOfFilename('me.webp')).toBe('image/webp');
    expect(photoTypeOfFilename('me.svg')).toBeUndefined();
  });
});

describe('file URLs', () => {
  it('round-trips an id and refuses anything else', () => {
    expect(fileIdFromUrl(fileUrlOf(userId))).toBe(userId);
    expect(fileIdFromUrl(`https://evil.example${fileUrlOf(userId)}`)).toBeUndefined();
    expect(fileIdFromUrl(`${fileUrlOf(userId)}/../x`)).toBeUndefined();
    expect(fileIdFromUrl(null)).toBeUndefined();
  });
});
