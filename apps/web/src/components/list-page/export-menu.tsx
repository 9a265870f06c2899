import { Button, Menu } from '@mantine/core';

/** What a list can be exported as (SPEC §7 exports: CSV and XLSX; some lists also print a PDF report). */
export type ListExportFormat = 'csv' | 'xlsx' | 'pdf';

const FORMAT_LABELS: Record<ListExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)', pdf: 'PDF report' };

interface ExportMenuProps<F extends ListExportFormat> {
  formats: readonly F[];
  onExport: (format: F) => void;
  /** An export is being downloaded. */
  loading?: boolean;
  /** Nothing to export (an empty list), or not allowed. */
  disabled?: boolean;
}

/** "Export" at the top right of a list: one item per format, each exporting the current filter and sort. */
export function ExportMenu<F extends ListExportFormat>({ formats, onExport, loading, disabled }: ExportMenuProps<F>) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" loading={loading} disabled={disabled}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {formats.map((format) => (
          <Menu.Item key={format} onClick={() => onExport(format)}>
            {FORMAT_LABELS[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
