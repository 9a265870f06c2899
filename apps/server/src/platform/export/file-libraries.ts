import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type PDFDocument from 'pdfkit';

/**
 * pdfkit and exceljs load with the first file a process makes, not when it starts: with what they bring (fontkit,
 * brotli, jszip, archiver and more) they were the largest part of what the server loaded before it could answer,
 * for downloads a process may never make (decision 8). Each loads once; later files wait for a promise kept.
 */
let pdfKit: Promise<typeof PDFDocument> | undefined;
let excel: Promise<typeof ExcelJS> | undefined;

export function loadExcel(): Promise<typeof ExcelJS> {
  return (excel ??= import('exceljs').then((module) => module.default));
}

/** A new pdfkit document. */
async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  const PdfKitDocument = await (pdfKit ??= import('pdfkit').then((module) => module.default));
  return new PdfKitDocument(options);
}

/** A new pdfkit document, and its bytes once it ends: for a PDF kept whole (a receipt, a letter, a report's file). */
export async function bufferedPdfDocument(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; bytes: Promise<Buffer> }> {
  const doc = await newPdfDocument(options);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/**
 * A PDF returned at once as a stream, drawn into its document once pdfkit has loaded: what `draw` adds streams out
 * as pdfkit finishes each page. A failure while drawing ends the stream with that error.
 */
export function streamedPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => Promise<void>) {
  const out = new PassThrough();
  void newPdfDocument(options)
    .then((doc) => {
      doc.on('error', (error: Error) => out.destroy(error));
      // A reader gone (the client left) discards the rest, as destroying the document itself did: nothing piles up.
      out.on('close', () => doc.destroy());
      doc.pipe(out);
      return draw(doc).catch((error: unknown) => {
        doc.destroy();
        throw error;
      });
    })
    .catch((error: unknown) => out.destroy(error as Error));
  return out as Readable;
}
