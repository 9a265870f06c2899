import type { CashFlowExportRequest, CashFlowListRequestInput } from '@casedesk/contract/accounting/payment';
import { ExportMenu } from '@/components/list-page/export-menu.tsx';
import { useExportCashFlow } from '../api/export-cash-flow.ts';
import { useRequestCashFlowReport } from '../api/request-cash-flow-report.ts';

const FORMATS = ['csv', 'xlsx', 'pdf'] as const;

interface CashFlowExportMenuProps {
  /** The list's request: its filter and sort; every row is exported whatever page is shown. */
  request: CashFlowListRequestInput;
  disabled: boolean;
  /** A report too large to answer at once is built in the background: its id, to follow. */
  onReportQueued: (reportId: string) => void;
}

/** "Export": the current filter and sort as CSV, XLSX (SPEC §7) or the PDF report with totals. */
export function CashFlowExportMenu({ request, disabled, onReportQueued }: CashFlowExportMenuProps) {
  const exporter = useExportCashFlow();
  const report = useRequestCashFlowReport();
  const everyRow = { ...request, pageNumber: 1 };
  const exportAs = (format: CashFlowExportRequest['format']) => exporter.mutate({ ...everyRow, format });
  const exportPdf = () =>
    report.mutate(everyRow, {
      onSuccess: (answer) => {
        if (answer.kind === 'queued') onReportQueued(answer.status.id);
      },
    });
  return (
    <ExportMenu
      formats={FORMATS}
      onExport={(format) => (format === 'pdf' ? exportPdf() : exportAs(format))}
      loading={exporter.isPending || report.isPending}
      disabled={disabled}
    />
  );
}
