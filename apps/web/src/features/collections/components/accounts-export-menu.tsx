import {
  COLLECTION_EXPORT_FORMATS,
  type CollectionAccountListRequestInput,
} from '@casedesk/contract/collections/account';
import { ExportMenu } from '@/components/list-page/export-menu.tsx';
import { useExportCollectionAccounts } from '../api/export-collection-accounts.ts';

interface AccountsExportMenuProps {
  /** The list's request: its filter and sort; every row is exported whatever page is shown. */
  request: CollectionAccountListRequestInput;
  disabled: boolean;
}

/** "Export": the current filter and sort as CSV, XLSX or PDF. */
export function AccountsExportMenu({ request, disabled }: AccountsExportMenuProps) {
  const exporter = useExportCollectionAccounts();
  return (
    <ExportMenu
      formats={COLLECTION_EXPORT_FORMATS}
      onExport={(format) => exporter.mutate({ ...request, pageNumber: 1, format })}
      loading={exporter.isPending}
      disabled={disabled}
    />
  );
}
