import type { PhotoContentType } from '@casedesk/contract/users/user-photo';

/**
 * A photo is stored without the metadata a camera or an editor put in it (Exif with GPS position, XMP,
 * IPTC, comments, capture time): a client's or a user's photo must not tell where and when it was taken.
 * Only the container is rewritten; image data, colour profiles and every kept segment or chunk are copied
 * byte for byte, so the picture is exactly what was uploaded.
 *
 * Each function returns undefined when the bytes are not a well-formed file of that type: a file that cannot
 * be walked cannot be cleaned safely, so it is not stored.
 */
export function stripImageMetadata(type: PhotoContentType, data: Buffer): Buffer | undefined {
  if (type === 'image/jpeg') return stripJpegMetadata(data);
  if (type === 'image/png') return stripPngMetadata(data);
  return stripWebpMetadata(data);
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const ICC_PROFILE = Buffer.from('ICC_PROFILE\0', 'latin1');

/** Markers that stand alone (no length): RST0–7 and TEM. */
const isStandalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

/**
 * APPn segments are application data no decoder needs, except APP0 (JFIF), APP2 holding the ICC colour
 * profile and APP14 (Adobe: how to read the colour channels). Every other APPn goes: APP1 (Exif, XMP),
 * APP13 (IPTC, Photoshop) and vendor ones alike (APP3 Kodak metadata, APP12 Ducky, APP2 MPF or FlashPix),
 * and COM, the comment segment.
 */
function keepJpegSegment(marker: number, segment: Buffer): boolean {
  if (marker === COM) return false;
  if (marker < APP0 || marker > 0xef) return true;
  if (marker === APP0 || marker === APP14) return true;
  return marker === APP2 && segment.subarray(4, 4 + ICC_PROFILE.length).equals(ICC_PROFILE);
}

/** Where a scan's entropy-coded data ends: at the first marker that is not a stuffed 0x00 or a restart. */
function scanEnd(data: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = data.indexOf(0xff, at);
    if (at < 0 || at + 1 >= data.length) return data.length;
    const next = data[at + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
    else return at;
  }
}

/**
 * JPEG: walks the segments, scans included (a progressive file may carry segments between its scans), and
 * stops at EOI; whatever follows EOI (a second image of a multi-picture file, with its own Exif) is dropped.
 * A file cut off inside its last scan is kept as far as it goes, as a browser would show it.
 */
export function stripJpegMetadata(data: Buffer): Buffer | undefined {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== SOI) return undefined;
  const kept: Buffer[] = [data.subarray(0, 2)];
  let changed = false;
  let scanned = false;
  let at = 2;
  while (at < data.length) {
    if (data[at] !== 0xff) return undefined;
    // A marker may be preceded by fill bytes (0xFF); they carry nothing.
    while (data[at + 1] === 0xff) at += 1;
    const marker = data[at + 1];
    if (marker === undefined || marker === 0x00 || marker === SOI) return undefined;
    if (marker === EOI) {
      if (!scanned) return undefined;
      kept.push(data.subarray(at, at + 2));
      changed ||= at + 2 !== data.length;
      return changed ? Buffer.concat(kept) : data;
    }
    if (isStandalone(marker)) {
      kept.push(data.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > data.length) return undefined;
    const length = data.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > data.length) return undefined;
    const segment = data.subarray(at, at + 2 + length);
    if (keepJpegSegment(marker, segment)) kept.push(segment);
    else changed = true;
    at += 2 + length;
    if (marker === SOS) {
      const end = scanEnd(data, at);
      kept.push(data.subarray(at, end));
      at = end;
      scanned = true;
    }
  }
  if (!scanned) return undefined;
  return changed ? Buffer.concat(kept) : data;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Ancillary PNG chunks that change how the image is drawn (colour, transparency, pixel size, APNG frames).
 * Every other ancillary chunk is dropped: the metadata ones (eXIf, tEXt, zTXt, iTXt, tIME) and any private
 * or newer one a decoder would skip anyway (caBX content credentials, vendor chunks). Critical chunks
 * (upper-case first letter) are always kept: a decoder cannot draw the image without them.
 */
const PNG_RENDERING_CHUNKS = new Set([
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'hIST',
  'sPLT',
  'cICP',
  'mDCv',
  'cLLi',
  'acTL',
  'fcTL',
  'fdAT',
]);

/** PNG: IHDR first, chunks walked to IEND; whatever follows IEND is dropped. */
export function stripPngMetadata(data: Buffer): Buffer | undefined {
  if (data.length < 8 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let changed = false;
  let at = 8;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.subarray(at + 4, at + 8).toString('latin1');
    if (!/^[A-Za-z]{4}$/.test(type) || (at === 8 && type !== 'IHDR')) return undefined;
    const end = at + 12 + length;
    if (end > data.length) return undefined;
    const ancillary = type.charCodeAt(0) >= 0x61;
    if (!ancillary || PNG_RENDERING_CHUNKS.has(type)) kept.push(data.subarray(at, end));
    else changed = true;
    at = end;
    if (type === 'IEND') return changed || at !== data.length ? Buffer.concat(kept) : data;
  }
  return undefined;
}

/** WebP chunks that draw the image; EXIF and XMP go, and so does any unknown chunk (readers skip those). */
const WEBP_IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
/** The VP8X flag bits that announce EXIF (0x08) and XMP (0x04) chunks; cleared with the chunks. */
const METADATA_FLAGS = 0x08 | 0x04;

/**
 * WebP: a RIFF container of chunks. A simple file (VP8 or VP8L alone) has no room for metadata; an extended
 * one (VP8X first) may carry EXIF and XMP chunks. Frames of an animation (ANMF) are kept whole. Bytes past
 * the RIFF size are dropped.
 */
export function stripWebpMetadata(data: Buffer): Buffer | undefined {
  if (data.length < 20 || data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') {
    return undefined;
  }
  const riffEnd = 8 + data.readUInt32LE(4);
  if (riffEnd > data.length || riffEnd < 20) return undefined;
  const kept: Buffer[] = [];
  let changed = riffEnd !== data.length;
  for (let at = 12; at < riffEnd;) {
    if (at + 8 > riffEnd) return undefined;
    const fourCc = data.toString('latin1', at, at + 4);
    const size = data.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) return undefined;
    if (at === 12 && !['VP8 ', 'VP8L', 'VP8X'].includes(fourCc)) return undefined;
    let chunk = data.subarray(at, end);
    if (!WEBP_IMAGE_CHUNKS.has(fourCc)) {
      changed = true;
    } else {
      if (fourCc === 'VP8X' && size > 0 && (chunk[8]! & METADATA_FLAGS) !== 0) {
        chunk = Buffer.from(chunk);
        chunk[8] = chunk[8]! & ~METADATA_FLAGS;
        changed = true;
      }
      kept.push(chunk);
    }
    at = end;
  }
  if (!changed) return data;
  const header = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  const body = Buffer.concat(kept);
  header.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([header, body]);
}
