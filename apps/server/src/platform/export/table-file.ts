import { PassThrough, Readable } from 'node:stream';
import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import type { FastifyReply } from 'fastify';
import type { ListPage } from '../db/list-page.ts';
import { StreamedList } from '../http/streamed-list.ts';
import { loadExcel } from './file-libraries.ts';

/** An export as the route sends it: a download name, its type and the body (streamed, or whole when small). */
export interface ExportFile {
  filename: string;
  contentType: string;
  stream: Readable | Buffer;
}

/**
 * The one way a route sends a download: its type, an attachment name, and `no-store` (a copy of client data
 * left in a shared cache is a leak). The service wrote its audit row before the file was made.
 */
export function sendExport(reply: FastifyReply, file: ExportFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.stream);
}

export type ExportFormat = 'csv' | 'xlsx';
export type Cell = string | number | null;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
/** A byte-order mark so spreadsheet apps read a CSV file as UTF-8. */
export const CSV_BOM = '\ufeff';

/** A negative amount such as -125.50: a number to a spreadsheet, not a formula, so it is left as it is. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/**
 * Spreadsheet apps run cells that start with = + - @ as formulas; such text is quoted (CSV injection). A plain
 * negative number is not a formula, and quoting it would turn a reversal's amount into text.
 */
export function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !NEGATIVE_NUMBER.test(text) ? `'${text}` : text;
}

export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = safeText(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** `stem-yyyy-MM-dd-HHmm.format` in the caller's local time (SPEC §7: exports send offsetHours). */
export function exportFileName(
  stem: string,
  format: ExportFormat | 'pdf',
  offsetHours: number,
  now = new Date(),
): string {
  const local = new Date(now.getTime() + offsetHours * 3_600_000).toISOString();
  return `${stem}-${local.slice(0, 10)}-${local.slice(11, 16).replace(':', '')}.${format}`;
}

/**
 * Every row of a list, asked for with pageSize "All": the chunks its cursor reads (listPage), so an export
 * holds one chunk at a time and never pages by OFFSET (each page would re-read all the ones before it).
 */
export async function* everyRow<Row>(list: Promise<ListPage<Row> | StreamedList<Row>>): AsyncGenerator<Row[]> {
  const all = await list;
  if (all instanceof StreamedList) yield* all.batches;
  else if (all.items.length > 0) yield all.items;
}

/** The request of a list for its export: every row, from the first. */
export function allRowsOf<Request extends object>(request: Request): Request & { pageNumber: 1; pageSize: number } {
  return { ...request, pageNumber: 1, pageSize: PAGE_SIZE_ALL };
}

export interface StreamedTable<Row> {
  filename: string;
  format: ExportFormat;
  sheetName: string;
  /**
   * Lines above the table (a report's name, its filters, zone, when and by whom), each a row of cells, then an
   * empty row; the first line is the title.
   */
  heading?: readonly (readonly Cell[])[];
  headers: readonly string[];
  /** One row's cells as people read them, in the order of the headers. */
  cells: (row: Row) => Cell[];
  batches: AsyncIterable<Row[]>;
}

async function* csvLines<Row>({ heading, headers, cells, batches }: StreamedTable<Row>) {
  const above = heading?.length
    ? [...heading, []].map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n'
    : '';
  yield `${CSV_BOM}${above}${headers.map(csvField).join(',')}\r\n`;
  for await (const batch of batches) {
    // An empty batch (a cursor's last read) writes nothing, not a blank line.
    if (batch.length > 0) yield batch.map((row) => cells(row).map(csvField).join(',')).join('\r\n') + '\r\n';
  }
}

/** XLSX through exceljs's streaming writer: each row is committed as it is read, never buffered whole. */
function xlsxStream<Row>({ sheetName, heading, headers, cells, batches }: StreamedTable<Row>): Readable {
  const out = new PassThrough();
  void (async () => {
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet(sheetName);
    const safe = (cell: Cell) => (typeof cell === 'string' ? safeText(cell) : cell);
    if (heading?.length) {
      sheet.columns = headers.map((header) => ({ width: Math.max(14, header.length + 4) }));
      heading.forEach((line, i) => {
        const row = sheet.addRow(line.map(safe));
        if (i === 0) row.font = { bold: true, size: 13 };
        row.commit();
      });
      sheet.addRow([]).commit();
      const header = sheet.addRow([...headers]);
      header.font = { bold: true };
      header.commit();
    } else {
      sheet.columns = headers.map((header) => ({ header, width: Math.max(14, header.length + 4) }));
      sheet.getRow(1).font = { bold: true };
    }
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(cells(row).map(safe)).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** A list as a CSV or XLSX download, streamed as its pages are read. */
export function streamedTable<Row>(table: StreamedTable<Row>): ExportFile & { stream: Readable } {
  return table.format === 'csv'
    ? { filename: table.filename, contentType: CSV_CONTENT_TYPE, stream: Readable.from(csvLines(table)) }
    : { filename: table.filename, contentType: XLSX_CONTENT_TYPE, stream: xlsxStream(table) };
}
