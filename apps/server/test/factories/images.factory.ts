import { crc32 } from 'node:zlib';

/**
 * Small, well-formed images for upload tests: the server checks their magic numbers and walks their
 * segments or chunks to strip metadata, so each is a real file of its type.
 */

/** A real 1×1 PNG: IHDR, IDAT, IEND. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** One JPEG marker segment: 0xFF, the marker, the length (which counts itself), the payload. */
export function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

const JPEG_SOI = Buffer.from([0xff, 0xd8]);
const JPEG_APP0 = jpegSegment(0xe0, Buffer.from([...Buffer.from('JFIF\0', 'latin1'), 1, 1, 0, 0, 1, 0, 1, 0, 0]));
/** A Huffman table with one 1-bit code ('0') for the single symbol 0. */
const oneCodeTable = (tableClass: number) =>
  jpegSegment(0xc4, Buffer.from([tableClass << 4, 1, ...Array<number>(15).fill(0), 0x00]));
/** The image after SOI and APP0: quantization table, 1×1 greyscale frame, tables, one scan, EOI. */
const JPEG_BODY = Buffer.concat([
  jpegSegment(0xdb, Buffer.from([0x00, ...Array<number>(64).fill(1)])),
  jpegSegment(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
  oneCodeTable(0),
  oneCodeTable(1),
  jpegSegment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
  // DC difference 0 ('0'), then end of block ('0'), padded with 1 bits.
  Buffer.from([0x3f]),
  Buffer.from([0xff, 0xd9]),
]);

/** A real 1×1 grey baseline JPEG (JFIF). */
export const JPEG_1X1 = Buffer.concat([JPEG_SOI, JPEG_APP0, JPEG_BODY]);

/** JPEG_1X1 with `segments` between its JFIF header and its image, where cameras and editors put metadata. */
export function jpegWith(...segments: Buffer[]): Buffer {
  return Buffer.concat([JPEG_SOI, JPEG_APP0, ...segments, JPEG_BODY]);
}

/** The decimal degrees this Exif block puts the camera at: 34° 3′ 12.34″ N. */
export const EXIF_LATITUDE = [34, 3, 12.34] as const;

/**
 * A TIFF structure as Exif stores it (big-endian): IFD0 with a GPS IFD pointer, and a GPS IFD with
 * GPSLatitudeRef 'N' and GPSLatitude as three rationals.
 */
export function exifGpsTiff(): Buffer {
  const tiff = Buffer.alloc(80);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0: one entry, GPSInfo (0x8825, LONG) pointing at the GPS IFD.
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x8825, 10);
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  // GPS IFD at 26: GPSLatitudeRef (ASCII 'N') and GPSLatitude (3 RATIONALs at 56).
  tiff.writeUInt16BE(2, 26);
  tiff.writeUInt16BE(0x0001, 28);
  tiff.writeUInt16BE(2, 30);
  tiff.writeUInt32BE(2, 32);
  tiff.write('N\0', 36, 'latin1');
  tiff.writeUInt16BE(0x0002, 40);
  tiff.writeUInt16BE(5, 42);
  tiff.writeUInt32BE(3, 44);
  tiff.writeUInt32BE(56, 48);
  const [degrees, minutes, seconds] = EXIF_LATITUDE;
  for (const [i, [numerator, denominator]] of [
    [degrees, 1],
    [minutes, 1],
    [Math.round(seconds * 100), 100],
  ].entries()) {
    tiff.writeUInt32BE(numerator!, 56 + i * 8);
    tiff.writeUInt32BE(denominator!, 60 + i * 8);
  }
  return tiff;
}

/** An APP1 Exif segment holding a GPS position. */
export const exifGpsSegment = () =>
  jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifGpsTiff()]));

/** An APP1 XMP packet, an APP13 Photoshop/IPTC block and a COM comment, each naming a place. */
export const JPEG_OTHER_METADATA = [
  jpegSegment(
    0xe1,
    Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>34,3.2N</exif:GPSLatitude>', 'latin1'),
  ),
  jpegSegment(
    0xed,
    Buffer.from('Photoshop 3.0\x008BIM\x04\x04\x00\x00\x00\x00\x00\x0c\x1c\x02\x5a\0\x08Pasadena', 'latin1'),
  ),
  jpegSegment(0xfe, Buffer.from('Taken at 1200 Main St', 'latin1')),
] as const;

/** An APP2 ICC profile segment: colour information a decoder uses, which stripping must keep. */
export const JPEG_ICC_SEGMENT = jpegSegment(
  0xe2,
  Buffer.concat([Buffer.from('ICC_PROFILE\0', 'latin1'), Buffer.from([1, 1]), Buffer.alloc(16, 7)]),
);

/** A PNG chunk with its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Where PNG_1X1's IHDR chunk ends (signature 8 + length, type, 13 bytes of data, CRC). */
const PNG_AFTER_IHDR = 8 + 12 + 13;

/** PNG_1X1 with `chunks` right after IHDR. */
export function pngWith(...chunks: Buffer[]): Buffer {
  return Buffer.concat([PNG_1X1.subarray(0, PNG_AFTER_IHDR), ...chunks, PNG_1X1.subarray(PNG_AFTER_IHDR)]);
}

/** A real PNG of exactly `size` bytes, padded by a private ancillary chunk (for the size limit). */
export function pngOfSize(size: number): Buffer {
  return pngWith(pngChunk('prVt', Buffer.alloc(size - PNG_1X1.length - 12, 0)));
}

/** A RIFF chunk: FourCC, little-endian size, data, and a pad byte when the size is odd. */
export function webpChunk(fourCc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourCc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

/** A WebP container (RIFF, size, WEBP) around `chunks`. */
export function webpOf(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([head, body]);
}

/** A simple (lossy) WebP of `size` bytes: one VP8 chunk of filler. */
export function webpBytes(size = 64): Buffer {
  return webpOf(webpChunk('VP8 ', Buffer.alloc(Math.max(0, size - 20), 0)));
}

/** A VP8X header chunk with the given flags, for a 1×1 canvas. */
export function vp8xChunk(flags: number): Buffer {
  return webpChunk('VP8X', Buffer.from([flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
}
