import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvField, allRowsOf, everyRow, exportFileName, streamedTable } from './table-file.ts';
import { StreamedList } from '../http/streamed-list.ts';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    // CSV injection: a leading = + - @ would run as a formula.
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-1+1', "'-1+1"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    // A plain negative number (a reversal's amount) is a number to a spreadsheet, not a formula.
    ['-1', '-1'],
    ['-125.50', '-125.50'],
  ])('%j → %j', (text, field) => expect(csvField(text)).toBe(field));
  it('writes numbers as they are and null as nothing', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });
});

it('names the file in the caller’s local time', () => {
  expect(exportFileName('calls', 'csv', -8, new Date('2026-11-25T06:30:00Z'))).toBe('calls-2026-11-24-2230.csv');
});

it('reads every row of a list: a streamed one chunk by chunk, a page as it is', async () => {
  async function* chunks() {
    yield [1, 2];
    yield [3];
  }
  const streamed = Promise.resolve(new StreamedList({ pageNumber: 1 }, chunks(), (sent) => ({ totalCount: sent })));
  const page = Promise.resolve({ items: [4, 5], totalCount: 2, pageNumber: 1, pageSize: 10 });
  const read = async (list: Parameters<typeof everyRow<number>>[0]) => {
    const batches: number[][] = [];
    for await (const batch of everyRow(list)) batches.push(batch);
    return batches;
  };
  expect(await read(streamed)).toEqual([[1, 2], [3]]);
  expect(await read(page)).toEqual([[4, 5]]);
  expect(allRowsOf({ filter: {}, pageNumber: 3, pageSize: 25 })).toEqual({
    filter: {},
    pageNumber: 1,
    pageSize: PAGE_SIZE_ALL,
  });
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
