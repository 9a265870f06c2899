import { parentPort } from 'node:worker_threads';
import type { LetterContent } from './letter-pdf.ts';
import { renderLetterPdf } from './letter-pdf.ts';

/** One request of the pool: print this letter; the answer carries the PDF's bytes (transferred, not copied). */
parentPort!.on('message', async ({ id, letter }: { id: number; letter: LetterContent }) => {
  try {
    const { pdf, pages } = await renderLetterPdf(letter);
    const bytes = new Uint8Array(pdf.byteLength);
    bytes.set(pdf);
    parentPort!.postMessage({ id, pdf: bytes, pages }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
