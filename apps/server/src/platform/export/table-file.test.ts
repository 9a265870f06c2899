import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvField, everyPage, exportFileName, streamedTable } from './table-file.ts';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    // CSV injection: a leading = + - @ would run as a formula.
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-1', "'-1"],
  ])('%j → %j', (text, field) => expect(csvField(text)).toBe(field));
  it('writes numbers as they are and null as nothing', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });
});

it('names the file in the caller’s local time', () => {
  expect(exportFileName('calls', 'csv', -8, new Date('2026-11-25T06:30:00Z'))).toBe('calls-2026-11-24-2230.csv');
});

it('reads every page until a short one', async () => {
  const asked: number[] = [];
  const rows = Array.from({ length: 2500 }, (_, i) => i);
  const batches: number[][] = [];
  for await (const batch of everyPage(async (pageNumber, pageSize) => {
    asked.push(pageNumber);
    return { items: rows.slice((pageNumber - 1) * pageSize, pageNumber * pageSize) };
  })) {
    batches.push(batch);
  }
  expect(asked).toEqual([1, 2, 3]);
  expect(batches.flat()).toEqual(rows);
});

async function* twoBatches() {
  yield [{ name: 'Ann, Lee', amount: 1 }];
  yield [{ name: '@home', amount: 2 }];
}
const table = (format: 'csv' | 'xlsx') =>
  streamedTable({
    filename: `t.${format}`,
    format,
    sheetName: 'Rows',
    headers: ['Name', 'Amount'],
    cells: (row: { name: string; amount: number }) => [row.name, String(row.amount)],
    batches: twoBatches(),
  });

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('streamedTable', () => {
  it('streams CSV with a byte-order mark, quoted fields and CRLF lines', async () => {
    const file = table('csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect((await bytes(file.stream)).toString('utf8')).toBe('\ufeffName,Amount\r\n"Ann, Lee",1\r\n\'@home,2\r\n');
  });

  it('streams a real XLSX workbook with a bold header row', async () => {
    const file = table('xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytes(file.stream)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Rows')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Amount']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(3).values).toEqual([undefined, "'@home", '2']);
  });
});
