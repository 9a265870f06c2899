/** Small images for upload tests: each starts with its type's magic numbers, which is what the server checks. */

/** A real 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** JPEG start-of-image and JFIF header, then filler. */
export function jpegBytes(size = 64): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

/** RIFF container of type WEBP, then filler. */
export function webpBytes(size = 64): Buffer {
  const data = Buffer.alloc(Math.max(size, 16), 0);
  data.write('RIFF', 0, 'latin1');
  data.writeUInt32LE(data.length - 8, 4);
  data.write('WEBPVP8 ', 8, 'latin1');
  return data;
}

/** A PNG signature followed by filler up to `size` bytes (for the size limit). */
export function pngOfSize(size: number): Buffer {
  return Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.alloc(size - 8, 0)]);
}
