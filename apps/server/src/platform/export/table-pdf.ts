import type { Readable } from 'node:stream';
import { streamedPdf } from './file-libraries.ts';
import type { Cell } from './table-file.ts';

const FIRM = 'Casedesk Legal Services';
const MARGIN = 36;
const FONT_SIZE = 8;
const ROW_HEIGHT = 13;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const ACCENT = '#1c4e80';
const RULE = '#ced4da';

export interface PdfTable {
  title: string;
  /** Lines under the title: the filters in words, the time zone, when and by whom it was made. */
  heading: readonly string[];
  /** The page footer's words beside the page number (who made it, when). */
  footer: string;
  headers: readonly string[];
  /** Columns holding numbers, right-aligned. */
  numeric: readonly boolean[];
  /** Every column as wide as the next (rows of a list); else the first, a summary's group, takes three shares. */
  evenColumns?: boolean;
  batches: AsyncIterable<Cell[][]>;
  /** A totals row, drawn in bold under a rule after the last row. */
  totals?: Cell[];
  /** What the page says when there is no row. */
  empty: string;
}

/**
 * A table as a PDF in the house look of the cash-flow and collection PDFs (landscape letter, the firm and title
 * on top, column headers repeated on every page, a footer with the page number). The document is returned at
 * once and streams while the rows are drawn as their batches arrive: pdfkit pushes each finished page, so a
 * long table starts downloading at its first page and is never held whole. Cells are cut to their columns.
 */
export function pdfTable(table: PdfTable): Readable {
  return streamedPdf(
    { size: 'LETTER', layout: 'landscape', margin: MARGIN, info: { Title: table.title, Author: FIRM } },
    (doc) => draw(doc, table),
  );
}

/** The first column (a summary's group name) takes three shares of the width, each other column one. */
function columnWidths(doc: PDFKit.PDFDocument, count: number, even: boolean): number[] {
  const width = doc.page.width - MARGIN * 2;
  const share = width / (even ? count : count + 2);
  return Array.from({ length: count }, (_, i) => (i === 0 && !even ? share * 3 : share));
}

async function draw(doc: PDFKit.PDFDocument, table: PdfTable): Promise<void> {
  const widths = columnWidths(doc, table.headers.length, table.evenColumns ?? false);
  const bottom = doc.page.height - MARGIN - ROW_HEIGHT * 2;
  let pageNumber = 1;
  let rows = 0;
  let y = drawColumnHeaders(doc, table, widths, drawHeading(doc, table));
  const footer = () =>
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(MUTED)
      .text(`${table.title} · ${table.footer} · page ${pageNumber}`, MARGIN, doc.page.height - MARGIN - 8, {
        lineBreak: false,
      });
  const nextPageIfFull = () => {
    if (y <= bottom) return;
    footer();
    doc.addPage();
    pageNumber += 1;
    y = drawColumnHeaders(doc, table, widths, MARGIN);
  };
  for await (const batch of table.batches) {
    for (const row of batch) {
      nextPageIfFull();
      drawCells(doc, table, widths, row, y, false);
      y += ROW_HEIGHT;
      rows += 1;
    }
    // pdfkit pushes pages without waiting for the reader: let the finished ones flow out between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (rows === 0) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(table.empty, MARGIN, y + 4, { lineBreak: false });
    y += ROW_HEIGHT * 2;
  }
  if (table.totals) {
    nextPageIfFull();
    const width = widths.reduce((a, b) => a + b, 0);
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(1)
      .strokeColor(ACCENT)
      .stroke();
    drawCells(doc, table, widths, table.totals, y + 3, true);
  }
  footer();
  doc.end();
}

function drawHeading(doc: PDFKit.PDFDocument, table: PdfTable): number {
  const width = doc.page.width - MARGIN * 2;
  doc.font('Helvetica-Bold').fontSize(14).fillColor(ACCENT).text(FIRM, MARGIN, MARGIN, { lineBreak: false });
  doc.font('Helvetica-Bold').fontSize(14).fillColor(INK).text(table.title, MARGIN, MARGIN, { width, align: 'right' });
  let y = MARGIN + 24;
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  for (const line of table.heading) {
    doc.text(line, MARGIN, y, { lineBreak: false });
    y += 12;
  }
  return y + 8;
}

function drawColumnHeaders(doc: PDFKit.PDFDocument, table: PdfTable, widths: number[], top: number): number {
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor(INK);
  let x = MARGIN;
  table.headers.forEach((header, i) => {
    doc.text(header, x, top, { width: widths[i]! - 6, align: table.numeric[i] ? 'right' : 'left', lineBreak: false });
    x += widths[i]!;
  });
  const y = top + ROW_HEIGHT + 2;
  doc
    .moveTo(MARGIN, y - 3)
    .lineTo(x, y - 3)
    .lineWidth(0.75)
    .strokeColor(ACCENT)
    .stroke();
  return y;
}

function drawCells(
  doc: PDFKit.PDFDocument,
  table: PdfTable,
  widths: number[],
  cells: Cell[],
  top: number,
  bold: boolean,
): void {
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(FONT_SIZE)
    .fillColor(INK);
  let x = MARGIN;
  widths.forEach((columnWidth, i) => {
    const cellWidth = columnWidth - 6;
    const text = fit(doc, cells[i] == null ? '' : String(cells[i]), cellWidth);
    const left = table.numeric[i] ? x + cellWidth - doc.widthOfString(text) : x;
    if (text !== '') doc.text(text, left, top, { lineBreak: false });
    x += columnWidth;
  });
  if (!bold) {
    doc
      .moveTo(MARGIN, top + ROW_HEIGHT - 3)
      .lineTo(x, top + ROW_HEIGHT - 3)
      .lineWidth(0.25)
      .strokeColor(RULE)
      .stroke();
  }
}

/** The text cut to the width with an ellipsis, measured in the current font. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low)}…`;
}
