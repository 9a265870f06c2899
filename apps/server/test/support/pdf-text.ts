import { inflateSync } from 'node:zlib';

/**
 * The text lines a PDF made by pdfkit draws, in drawing order: each content stream is inflated and the strings of
 * its TJ operators are decoded (pdfkit writes the standard fonts' text as hex strings in WinAnsi). Enough to read
 * back what our own reports print; not a general PDF reader.
 */
/** WinAnsi's letters in 0x80–0x9F, where Latin-1 has control codes (the rest of WinAnsi is Latin-1). */
const WIN_ANSI: Record<number, string> = {
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

function winAnsi(hex: string): string {
  return [...Buffer.from(hex, 'hex')].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join('');
}

export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  // pdfkit writes "stream\n", the bytes, "\nendstream". No optional "\r": a compressed stream ends with its
  // Adler-32, whose last byte is 0x0D one time in 256, and a "\r?" would cut it off (the stream then fails to
  // inflate and its text is lost).
  const streams = /stream\n([\s\S]*?)\nendstream/g;
  for (const match of raw.matchAll(streams)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // not a compressed content stream (an image or a font)
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hexes = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!);
      lines.push(hexes.map(winAnsi).join(''));
    }
  }
  return lines;
}
