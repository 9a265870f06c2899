import type { Drill } from '@casedesk/contract/dashboards/dashboard';
import type { DRILL_EXPORT_FORMATS } from '@casedesk/contract/dashboards/dashboard';
import { downloadFile } from '@/lib/download-file.ts';

export type DrillExportFormat = (typeof DRILL_EXPORT_FORMATS)[number];

/** POST /api/v1/dashboard/rows/export (query offsetHours, SPEC §7 blob download): every row behind a figure. */
export function exportDrillRows(drill: Drill, timeZone: string, format: DrillExportFormat): Promise<Blob> {
  return downloadFile('/api/v1/dashboard/rows/export', {
    body: { drill, timeZone, format },
    filename: `dashboard-${drill.figure}.${format}`,
  });
}
