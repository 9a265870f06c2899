import { Anchor, Breadcrumbs, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  TRACKING_LINE_COLUMNS,
  TRACKING_LINE_TYPE_LABELS,
  trackingLineTypeFromSegment,
  type TrackingLineRow,
} from '@casedesk/contract/marketing/tracking-line';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListRequest } from '@/components/list-page/use-list-request.ts';
import { paths } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useSession } from '@/lib/session-context.ts';
import { useDeactivateTrackingLine } from '../api/deactivate-tracking-line.ts';
import { useTrackingLines } from '../api/list-tracking-lines.ts';
import { trackingLineColumns } from '../components/tracking-line-columns.tsx';
import { TrackingLineFormModal, type TrackingLineFormMode } from '../components/tracking-line-form-modal.tsx';

interface LineFilterValues {
  searchKeyword: string;
  includeInactive: boolean;
}
const EMPTY_FILTER: LineFilterValues = { searchKeyword: '', includeInactive: false };
const toFilter = (values: LineFilterValues) => ({
  ...(values.searchKeyword.trim() ? { searchKeyword: values.searchKeyword.trim() } : {}),
  ...(values.includeInactive ? { includeInactive: true } : {}),
});
const rowId = (row: TrackingLineRow) => row.id;

/** SPEC §2 /marketing/tracking-lines/{trackingLineType}: the lines of one type, added, re-mapped, deactivated. */
export function TrackingLineTypePage() {
  const type = trackingLineTypeFromSegment(useParams().trackingLineType);
  const subject = subjectOf(useSession());
  const list = useListRequest({ initialValues: EMPTY_FILTER, toFilter, sorts: TRACKING_LINE_COLUMNS });
  const lines = useTrackingLines({ ...list.request, filter: { ...list.request.filter, type } });
  const deactivate = useDeactivateTrackingLine();
  const [form, setForm] = useState<TrackingLineFormMode | null>(null);
  const [retiring, setRetiring] = useState<TrackingLineRow | null>(null);

  if (!type) {
    return (
      <Stack>
        <Text>There is no tracking line type of that name.</Text>
        <Anchor component={Link} to={paths.marketing.trackingLines.path}>
          All tracking lines
        </Anchor>
      </Stack>
    );
  }
  const label = TRACKING_LINE_TYPE_LABELS[type];
  const columns = trackingLineColumns({
    canUpdate: can(subject, 'TRACKING_LINE', 'UPDATE'),
    onRemap: (line) => setForm({ kind: 'remap', line }),
    onDeactivate: setRetiring,
  });

  return (
    <ListPage
      title={`${label} tracking lines`}
      description={
        <Breadcrumbs separator="›">
          <Anchor component={Link} to={paths.marketing.trackingLines.path} size="sm">
            Tracking lines
          </Anchor>
          <Text size="sm">{label}</Text>
        </Breadcrumbs>
      }
      actions={
        can(subject, 'TRACKING_LINE', 'CREATE') && (
          <Button onClick={() => setForm({ kind: 'create', type })}>New line</Button>
        )
      }
      filters={
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Search lines"
            placeholder="Number, source or campaign"
            value={list.values.searchKeyword}
            onChange={(e) => list.setValues({ ...list.values, searchKeyword: e.currentTarget.value })}
            w={260}
          />
          <Checkbox
            label="Show inactive lines"
            checked={list.values.includeInactive}
            onChange={(e) => list.setValues({ ...list.values, includeInactive: e.currentTarget.checked })}
            mb={8}
          />
        </Group>
      }
      query={lines}
      errorTitle="Tracking lines could not be loaded"
    >
      <DataTable
        {...list.table}
        label={`${label} tracking lines`}
        columns={columns}
        rows={lines.data?.items ?? []}
        getRowId={rowId}
        totalCount={lines.data?.totalCount ?? 0}
        loading={isLoadingRows(lines)}
        emptyState={`No ${label} lines yet`}
        maxHeight="calc(100dvh - 320px)"
      />
      {form && <TrackingLineFormModal mode={form} onClose={() => setForm(null)} />}
      <Modal opened={retiring !== null} onClose={() => setRetiring(null)} title="Deactivate tracking line">
        <Stack gap="sm">
          <Text size="sm">
            Calls to {retiring?.dnis} will no longer be attributed to {retiring?.source} from now on; calls already
            taken keep their source.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRetiring(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={deactivate.isPending}
              onClick={() => retiring && deactivate.mutate(retiring.id, { onSuccess: () => setRetiring(null) })}
            >
              Deactivate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </ListPage>
  );
}
