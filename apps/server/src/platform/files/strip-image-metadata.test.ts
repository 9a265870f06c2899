import { describe, expect, it } from 'vitest';
import {
  exifGpsSegment,
  exifGpsTiff,
  JPEG_1X1,
  JPEG_ICC_SEGMENT,
  JPEG_OTHER_METADATA,
  jpegSegment,
  jpegWith,
  PNG_1X1,
  pngChunk,
  pngWith,
  vp8xChunk,
  webpBytes,
  webpChunk,
  webpOf,
} from '../../../test/factories/images.factory.ts';
import { stripImageMetadata, stripJpegMetadata, stripPngMetadata, stripWebpMetadata } from './strip-image-metadata.ts';

const latin1 = (data: Buffer | undefined) => data?.toString('latin1') ?? '';
const SOS_AT = JPEG_1X1.indexOf(Buffer.from([0xff, 0xda]));
const EOI = Buffer.from([0xff, 0xd9]);

describe('stripJpegMetadata', () => {
  it('removes Exif (with its GPS block), XMP, IPTC and comments, and keeps the rest byte for byte', () => {
    const tagged = jpegWith(exifGpsSegment(), JPEG_ICC_SEGMENT, ...JPEG_OTHER_METADATA);
    const stripped = stripJpegMetadata(tagged);
    expect(stripped).toEqual(jpegWith(JPEG_ICC_SEGMENT));
    for (const trace of ['Exif', 'MM\0*', 'ns.adobe.com', 'Photoshop', 'Pasadena', 'Main St']) {
      expect(latin1(stripped)).not.toContain(trace);
    }
  });

  it('returns a clean file as it came', () => {
    expect(stripJpegMetadata(JPEG_1X1)).toBe(JPEG_1X1);
  });

  it('keeps JFIF, the ICC profile and Adobe segments; drops vendor APPn, MPF and FlashPix APP2', () => {
    const adobe = jpegSegment(0xee, Buffer.from('Adobe\0\x64\0\0\0\0\x01', 'latin1'));
    const tagged = jpegWith(
      JPEG_ICC_SEGMENT,
      adobe,
      jpegSegment(0xe2, Buffer.from('MPF\0MM\0*', 'latin1')),
      jpegSegment(0xe2, Buffer.from('FPXR\0\0', 'latin1')),
      jpegSegment(0xe3, Buffer.from('META\0\0MM\0*', 'latin1')),
      jpegSegment(0xec, Buffer.from('Ducky\0\x01', 'latin1')),
      jpegSegment(0xef, Buffer.from('vendor', 'latin1')),
    );
    expect(stripJpegMetadata(tagged)).toEqual(jpegWith(JPEG_ICC_SEGMENT, adobe));
  });

  it('walks past the scans: segments between scans go, and so does anything after EOI', () => {
    const beforeScan = JPEG_1X1.subarray(0, SOS_AT);
    const scan = Buffer.concat([
      jpegSegment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
      // Entropy-coded data with a stuffed 0xFF00 and a restart marker: both are image data.
      Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]),
    ]);
    const secondImage = Buffer.concat([Buffer.from([0xff, 0xd8]), exifGpsSegment(), EOI]);
    const tagged = Buffer.concat([beforeScan, scan, exifGpsSegment(), scan, EOI, secondImage]);
    expect(stripJpegMetadata(tagged)).toEqual(Buffer.concat([beforeScan, scan, scan, EOI]));
  });

  it('drops fill bytes before a marker it rewrites around, and keeps a file cut off inside its scan', () => {
    const filled = Buffer.concat([JPEG_1X1.subarray(0, 2), Buffer.from([0xff, 0xff]), exifGpsSegment().subarray(1)]);
    const tagged = Buffer.concat([filled, JPEG_1X1.subarray(2)]);
    expect(stripJpegMetadata(tagged)).toEqual(JPEG_1X1);
    const cut = jpegWith(exifGpsSegment()).subarray(0, -2);
    expect(stripJpegMetadata(cut)).toEqual(JPEG_1X1.subarray(0, -2));
  });

  it('refuses what cannot be walked: no SOI, a segment past the end, bytes between segments, no scan', () => {
    expect(stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff]))).toBeUndefined();
    expect(stripJpegMetadata(Buffer.concat([Buffer.from([0xff, 0xd9]), JPEG_1X1.subarray(2)]))).toBeUndefined();
    expect(stripJpegMetadata(jpegWith(exifGpsSegment()).subarray(0, 30))).toBeUndefined();
    expect(stripJpegMetadata(jpegWith(Buffer.from([0x20, 0x20])))).toBeUndefined();
    expect(stripJpegMetadata(Buffer.concat([JPEG_1X1.subarray(0, SOS_AT), EOI]))).toBeUndefined();
    expect(stripJpegMetadata(jpegWith(Buffer.from([0xff, 0x00])))).toBeUndefined();
  });
});

describe('stripPngMetadata', () => {
  const pHYs = pngChunk('pHYs', Buffer.from([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1]));

  it('removes eXIf, tEXt, zTXt, iTXt, tIME and private chunks; keeps the ones that draw the image', () => {
    const tagged = pngWith(
      pngChunk('eXIf', exifGpsTiff()),
      pHYs,
      pngChunk('tEXt', Buffer.from('Location\0Pasadena', 'latin1')),
      pngChunk('zTXt', Buffer.from('Comment\0\0x', 'latin1')),
      pngChunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>', 'latin1')),
      pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 26, 3, 30, 0])),
      pngChunk('caBX', Buffer.from('jumbf', 'latin1')),
    );
    const stripped = stripPngMetadata(tagged);
    expect(stripped).toEqual(pngWith(pHYs));
    expect(latin1(stripped)).not.toMatch(/eXIf|tEXt|zTXt|iTXt|tIME|Pasadena/);
  });

  it('returns a clean file as it came, and drops what follows IEND', () => {
    expect(stripPngMetadata(PNG_1X1)).toBe(PNG_1X1);
    expect(stripPngMetadata(Buffer.concat([PNG_1X1, Buffer.from('Exif\0\0trailer', 'latin1')]))).toEqual(PNG_1X1);
  });

  it('refuses what cannot be walked: no IHDR first, a chunk past the end, no IEND, a bad chunk type', () => {
    const afterSignature = PNG_1X1.subarray(8);
    expect(
      stripPngMetadata(Buffer.concat([PNG_1X1.subarray(0, 8), pngChunk('tEXt', Buffer.alloc(2)), afterSignature])),
    ).toBeUndefined();
    expect(stripPngMetadata(PNG_1X1.subarray(0, 40))).toBeUndefined();
    expect(stripPngMetadata(PNG_1X1.subarray(0, -12))).toBeUndefined();
    expect(stripPngMetadata(pngWith(pngChunk('t3Xt', Buffer.alloc(1))))).toBeUndefined();
  });
});

const vp8 = webpChunk('VP8 ', Buffer.alloc(10, 1));

describe('stripWebpMetadata', () => {
  const icc = webpChunk('ICCP', Buffer.alloc(5, 2));

  it('removes EXIF and XMP chunks and their VP8X flags, and rewrites the RIFF size', () => {
    const ICC_FLAG = 0x20;
    const tagged = webpOf(
      vp8xChunk(ICC_FLAG | 0x08 | 0x04),
      icc,
      vp8,
      webpChunk('EXIF', exifGpsTiff()),
      webpChunk('XMP ', Buffer.from('<x:xmpmeta/>', 'latin1')),
    );
    const stripped = stripWebpMetadata(tagged);
    expect(stripped).toEqual(webpOf(vp8xChunk(ICC_FLAG), icc, vp8));
    expect(stripped!.readUInt32LE(4)).toBe(stripped!.length - 8);
  });

  it('returns a simple file as it came; drops unknown chunks (odd sizes padded) and bytes past the RIFF size', () => {
    const simple = webpBytes();
    expect(stripWebpMetadata(simple)).toBe(simple);
    const extended = webpOf(vp8xChunk(0), webpChunk('ALPH', Buffer.alloc(3, 4)), vp8);
    expect(
      stripWebpMetadata(
        webpOf(vp8xChunk(0), webpChunk('ALPH', Buffer.alloc(3, 4)), webpChunk('abcd', Buffer.alloc(3)), vp8),
      ),
    ).toEqual(extended);
    expect(stripWebpMetadata(Buffer.concat([simple, Buffer.from('EXIF')]))).toEqual(simple);
  });

  it('refuses what cannot be walked: a RIFF size past the end, a chunk past the RIFF, no image chunk first', () => {
    const simple = webpBytes();
    expect(stripWebpMetadata(simple.subarray(0, -2))).toBeUndefined();
    const long = Buffer.from(simple);
    long.writeUInt32LE(1000, 16);
    expect(stripWebpMetadata(long)).toBeUndefined();
    expect(stripWebpMetadata(webpOf(webpChunk('EXIF', exifGpsTiff()), vp8))).toBeUndefined();
  });
});

describe('stripImageMetadata', () => {
  it('strips by the declared type', () => {
    expect(stripImageMetadata('image/jpeg', jpegWith(exifGpsSegment()))).toEqual(JPEG_1X1);
    expect(stripImageMetadata('image/png', pngWith(pngChunk('eXIf', exifGpsTiff())))).toEqual(PNG_1X1);
    const webp = webpOf(vp8xChunk(0x08), vp8, webpChunk('EXIF', exifGpsTiff()));
    expect(stripImageMetadata('image/webp', webp)).toEqual(webpOf(vp8xChunk(0), vp8));
    expect(stripImageMetadata('image/png', JPEG_1X1)).toBeUndefined();
  });
});
