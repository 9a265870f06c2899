import ExcelJS from 'exceljs';

/** A report CSV's two parts: the heading (label → value, the title under 'Report') and the table's lines. */
export function csvReport(body: string): { heading: Record<string, string>; table: string[] } {
  const [above, below] = body.replace(/^\ufeff/, '').split('\r\n\r\n');
  const lines = above!.split('\r\n');
  const heading: Record<string, string> = { Report: lines[0]! };
  for (const line of lines.slice(1)) {
    const [label, ...value] = line.split(',');
    heading[label!] = value.join(',').replace(/^"|"$/g, '');
  }
  return { heading, table: below!.trim().split('\r\n') };
}

/** An XLSX report's rows as arrays of values (ExcelJS's leading undefined dropped). */
export async function xlsxRows(payload: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
