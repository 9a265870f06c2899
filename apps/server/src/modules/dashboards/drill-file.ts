import { PassThrough, Readable } from 'node:stream';
import { wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { formatCents } from '@casedesk/contract/common/money';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { ExportFile } from '../../platform/export/table-file.ts';
import { CSV_BOM, CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, csvField, safeText } from '../../platform/export/table-file.ts';
import type { Zone } from './dashboard-zone.ts';
import type { Cell, DrillRow, RowColumn } from './row-set.repository.ts';

export interface DrillFileParts {
  title: string;
  /** Lines under the title: the filters, the time zone, who generated it and when. */
  heading: string[];
  columns: Pick<RowColumn, 'id' | 'header' | 'unit'>[];
  zone: Zone;
  batches: AsyncIterable<DrillRow[]>;
}

/** yyyy-MM-dd HH:mm:ss of an instant in a zone (offsets are whole minutes, so seconds carry over). */
export function localTime(iso: string, zone: Zone): string {
  const at = new Date(iso);
  if (!zone.timeZone) {
    return new Date(at.getTime() + zone.offsetMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  }
  const { date, minutes } = wallTimeOf(at, zone.timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(at.getUTCSeconds())}`;
}

/** A cell as people read it: cents as 1234.56, instants in the caller's zone, counts as numbers. */
export function fileCell(column: DrillFileParts['columns'][number], row: DrillRow, zone: Zone): Cell {
  const value = row[column.id];
  if (value === null || value === undefined) return null;
  if (column.unit === 'cents') return formatCents(Number(value));
  if (column.unit === 'instant') return localTime(String(value), zone);
  return value;
}

async function* csvLines(parts: DrillFileParts) {
  const heading = [[parts.title], ...parts.heading.map((line) => [line]), []];
  yield CSV_BOM + heading.map((cells) => cells.map(csvField).join(',')).join('\r\n') + '\r\n';
  yield parts.columns.map((c) => csvField(c.header)).join(',') + '\r\n';
  for await (const batch of parts.batches) {
    if (batch.length === 0) continue;
    yield (
      batch.map((row) => parts.columns.map((c) => csvField(fileCell(c, row, parts.zone))).join(',')).join('\r\n') +
      '\r\n'
    );
  }
}

function xlsxStream(parts: DrillFileParts): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(parts.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  sheet.columns = parts.columns.map((c) => ({ width: Math.max(12, c.header.length + 4) }));
  void (async () => {
    const title = sheet.addRow([parts.title]);
    title.font = { bold: true, size: 13 };
    title.commit();
    for (const line of parts.heading) sheet.addRow([safeText(line)]).commit();
    sheet.addRow([]).commit();
    const header = sheet.addRow(parts.columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    for await (const batch of parts.batches) {
      for (const row of batch) {
        const cells = parts.columns.map((c) => fileCell(c, row, parts.zone));
        sheet.addRow(cells.map((cell) => (typeof cell === 'string' ? safeText(cell) : cell))).commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

const MARGIN = 36;
const FONT_SIZE = 7;
const ROW_HEIGHT = 11;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const ACCENT = '#1c4e80';

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

const rightAligned = (unit: string) => unit === 'count' || unit === 'cents' || unit === 'seconds';

/** The rows as a PDF, drawn as their batches come and streamed as pages fill; headers repeat on every page. */
function pdfStream(parts: DrillFileParts): Readable {
  const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: MARGIN, info: { Title: parts.title } });
  const width = doc.page.width - MARGIN * 2;
  const columnWidth = width / Math.max(1, parts.columns.length);
  const bottom = doc.page.height - MARGIN - ROW_HEIGHT * 2;
  let pageNumber = 1;
  const headers = (top: number) => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor(INK);
    parts.columns.forEach((column, i) => {
      doc.text(column.header, MARGIN + i * columnWidth, top, {
        width: columnWidth - 4,
        align: rightAligned(column.unit) ? 'right' : 'left',
        lineBreak: false,
      });
    });
    doc
      .moveTo(MARGIN, top + 12)
      .lineTo(MARGIN + width, top + 12)
      .lineWidth(0.75)
      .strokeColor(ACCENT)
      .stroke();
    doc.font('Helvetica').fillColor(INK);
    return top + 16;
  };
  const footer = () =>
    doc
      .font('Helvetica')
      .fontSize(FONT_SIZE)
      .fillColor(MUTED)
      .text(`${parts.title} · page ${pageNumber}`, MARGIN, doc.page.height - MARGIN - ROW_HEIGHT, { lineBreak: false });
  void (async () => {
    doc.font('Helvetica-Bold').fontSize(14).fillColor(INK).text(parts.title, MARGIN, MARGIN, { lineBreak: false });
    let y = MARGIN + 22;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    for (const line of parts.heading) {
      doc.text(line, MARGIN, y, { lineBreak: false });
      y += 11;
    }
    y = headers(y + 6);
    let count = 0;
    for await (const batch of parts.batches) {
      for (const row of batch) {
        if (y > bottom) {
          footer();
          doc.addPage();
          pageNumber += 1;
          y = headers(MARGIN);
        }
        doc.font('Helvetica').fontSize(FONT_SIZE).fillColor(INK);
        parts.columns.forEach((column, i) => {
          const cell = fileCell(column, row, parts.zone);
          const text = fit(doc, cell === null ? '' : String(cell), columnWidth - 4);
          const x = MARGIN + i * columnWidth;
          if (text) {
            const left = rightAligned(column.unit) ? x + columnWidth - 4 - doc.widthOfString(text) : x;
            doc.text(text, left, y, { lineBreak: false });
          }
        });
        y += ROW_HEIGHT;
        count += 1;
      }
    }
    if (count === 0)
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(MUTED)
        .text('No rows.', MARGIN, y + 4);
    footer();
    doc.end();
  })().catch((error: unknown) => doc.destroy(error as Error));
  return doc as unknown as Readable;
}

/** The drill-down's rows as the format asked, streamed: memory holds one batch. */
export function drillFile(parts: DrillFileParts, format: 'csv' | 'xlsx' | 'pdf', filename: string): ExportFile {
  if (format === 'csv') return { filename, contentType: CSV_CONTENT_TYPE, stream: Readable.from(csvLines(parts)) };
  if (format === 'xlsx') return { filename, contentType: XLSX_CONTENT_TYPE, stream: xlsxStream(parts) };
  return { filename, contentType: 'application/pdf', stream: pdfStream(parts) };
}
