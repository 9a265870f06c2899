import type { CallerZone } from '@casedesk/contract/collections/dashboard';
import { callerLocalTime } from '@casedesk/contract/collections/dashboard';
import { formatCents } from '@casedesk/contract/common/money';
import type { ExportFile } from '../../platform/export/table-file.ts';
import { streamedTable } from '../../platform/export/table-file.ts';
import { pdfTable } from '../../platform/export/table-pdf.ts';
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

const callerZoneOf = (zone: Zone): CallerZone =>
  zone.timeZone ? { timeZone: zone.timeZone, offsetHours: 0 } : { offsetHours: zone.offsetMinutes / 60 };

/** yyyy-MM-dd HH:mm:ss of an instant in a dashboard's zone. */
export function localTime(iso: string, zone: Zone): string {
  return callerLocalTime(callerZoneOf(zone), new Date(iso));
}

/** A cell as people read it: cents as 1234.56, instants in the caller's zone, counts as numbers. */
export function fileCell(column: DrillFileParts['columns'][number], row: DrillRow, zone: Zone): Cell {
  const value = row[column.id];
  if (value === null || value === undefined) return null;
  if (column.unit === 'cents') return formatCents(Number(value));
  if (column.unit === 'instant') return localTime(String(value), zone);
  return value;
}

const rightAligned = (unit: string) => unit === 'count' || unit === 'cents' || unit === 'seconds';

/**
 * The drill-down's rows as the format asked, streamed through the platform's table writers (memory holds one
 * batch): the title and heading lines above the column headers, in every format.
 */
export function drillFile(parts: DrillFileParts, format: 'csv' | 'xlsx' | 'pdf', filename: string): ExportFile {
  const headers = parts.columns.map((c) => c.header);
  const cells = (row: DrillRow) => parts.columns.map((c) => fileCell(c, row, parts.zone));
  if (format === 'pdf') {
    async function* cellBatches() {
      for await (const batch of parts.batches) yield batch.map(cells);
    }
    return {
      filename,
      contentType: 'application/pdf',
      stream: pdfTable({
        title: parts.title,
        heading: parts.heading,
        footer: 'dashboard drill-down',
        headers,
        numeric: parts.columns.map((c) => rightAligned(c.unit)),
        evenColumns: true,
        batches: cellBatches(),
        empty: 'No rows.',
      }),
    };
  }
  return streamedTable<DrillRow>({
    filename,
    format,
    // Excel refuses these characters and more than 31 in a sheet's name.
    sheetName: parts.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31),
    heading: [[parts.title], ...parts.heading.map((line) => [line])],
    headers,
    cells,
    batches: parts.batches,
  });
}
