/** yyyy-MM-dd of a local day (native date inputs and the report requests speak it). */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

export interface ReportRange {
  dateFrom: string;
  dateTo: string;
}

/** The default report range: the last 30 days, today included. */
export function lastDays(days: number, today: Date = new Date()): ReportRange {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { dateFrom: localDay(from), dateTo: localDay(today) };
}

/** Whether the range can be asked for: two days, in order (the server says why otherwise). */
export function isCompleteRange(range: ReportRange): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(range.dateFrom) &&
    /^\d{4}-\d{2}-\d{2}$/.test(range.dateTo) &&
    range.dateFrom <= range.dateTo
  );
}
