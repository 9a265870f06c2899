import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { streamedPdf } from './file-libraries.ts';

const OPTIONS = { size: 'LETTER', margin: 36 } as const;

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('streamedPdf', () => {
  it('streams what is drawn once pdfkit has loaded', async () => {
    const pdf = await bytesOf(
      streamedPdf(OPTIONS, async (doc) => {
        doc.text('Hello');
        doc.end();
      }),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
  });

  it('ends the stream with the error a drawing fails with', async () => {
    const stream = streamedPdf(OPTIONS, async () => {
      throw new Error('no rows today');
    });
    await expect(bytesOf(stream)).rejects.toThrow('no rows today');
  });

  it('stops the document when its reader goes away, so the rest is not held', async () => {
    let drawn: PDFKit.PDFDocument | undefined;
    let release!: () => void;
    const stream = streamedPdf(OPTIONS, async (doc) => {
      drawn = doc;
      doc.text('first page');
      await new Promise<void>((resolve) => (release = resolve));
    });
    stream.resume();
    await expect.poll(() => drawn).toBeDefined();
    stream.destroy();
    await once(stream, 'close');
    expect(drawn!.destroyed).toBe(true);
    release();
  });
});
