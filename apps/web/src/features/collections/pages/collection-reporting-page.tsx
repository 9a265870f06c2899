import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type {
  CollectionReport,
  CollectionReportGroup,
  CollectionReportRequestInput,
} from '@casedesk/contract/collections/report';
import {
  COLLECTION_REPORTS,
  COLLECTION_REPORT_GROUP_LABELS,
  COLLECTION_REPORT_LABELS,
  CONTACT_LOG_MAX_PAGE,
  DEFAULT_CONTACT_LOG_PAGE,
  REPORT_GROUPS,
  reportTakesRange,
} from '@casedesk/contract/collections/report';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { ExportMenu } from '@/components/list-page/export-menu.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useExportCollectionReport } from '../api/export-collection-report.ts';
import { useCollectionReport } from '../api/get-collection-report.ts';
import { browserTimeZone } from '../api/get-collection-dashboard-view.ts';
import { ReportTable } from '../components/report-table.tsx';

const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;

/** SPEC §2 `report` query values: the report's name in lower case, words joined by hyphens. */
export function reportOfQuery(value: string | null): CollectionReport {
  const found = COLLECTION_REPORTS.find((r) => r.toLowerCase().replace('_', '-') === value);
  return found ?? 'COLLECTED';
}
export function queryOfReport(report: CollectionReport): string {
  return report.toLowerCase().replace('_', '-');
}

/** This month so far, in the browser's days: the range a report opens with. */
function thisMonth(): { dateFrom: string; dateTo: string } {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  return { dateFrom: `${local.slice(0, 7)}-01`, dateTo: local };
}

function CollectedChart({ rows }: { rows: { label: string; collectedCents: number }[] }) {
  if (rows.length === 0) return null;
  return (
    <BarChart
      h={180}
      data={rows.map((r) => ({ group: r.label, Collected: r.collectedCents / 100 }))}
      dataKey="group"
      series={[{ name: 'Collected', color: 'teal.6' }]}
      valueFormatter={(value) => `$${Math.round(value).toLocaleString('en-US')}`}
      tickLine="none"
      aria-label="Collected per group"
    />
  );
}

/**
 * SPEC §2 /collections/collection-reporting (query `report`): collected by period, office and collector;
 * aging; plan performance; the contact log for compliance. Each with its filters, table and export.
 */
export function CollectionReportingPage() {
  useDocumentTitle('Collection reporting · Casedesk');
  const [params, setParams] = useSearchParams();
  const report = reportOfQuery(params.get('report'));
  const [range, setRange] = useState(thisMonth);
  const [groups, setGroups] = useState<Partial<Record<CollectionReport, CollectionReportGroup>>>({});
  const [officeId, setOfficeId] = useState<string | null>(null);
  const [paging, setPaging] = useState({ pageNumber: 1, pageSize: DEFAULT_CONTACT_LOG_PAGE });
  const [timeZone] = useState(browserTimeZone);
  const offices = useOfficeOptions('COLLECTIONS');
  const exporter = useExportCollectionReport();

  const groupBy = groups[report] ?? REPORT_GROUPS[report][0];
  const request: CollectionReportRequestInput = {
    report,
    timeZone,
    ...(reportTakesRange(report) ? range : {}),
    ...(groupBy ? { groupBy } : {}),
    ...(officeId ? { officeId } : {}),
    ...(report === 'CONTACT_LOG' ? paging : {}),
  };
  const result = useCollectionReport(request);
  const shown = result.data?.report === report ? result.data : undefined;
  const refused = isApiError(result.error) && result.error.status === 400 ? result.error.message : null;

  const choose = (next: string) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('report', next);
        return copy;
      },
      { replace: true },
    );
    setPaging((p) => ({ ...p, pageNumber: 1 }));
  };

  return (
    <Stack gap="md" maw={1600} mx="auto">
      <div>
        <Title order={1}>Collection reporting</Title>
        <Text size="sm" c="dimmed">
          Days are counted in your time zone ({timeZone}); payments count on their payment date. Only the offices you
          may report on are included.
        </Text>
      </div>
      <SegmentedControl
        aria-label="Report"
        value={queryOfReport(report)}
        onChange={choose}
        data={COLLECTION_REPORTS.map((r) => ({ value: queryOfReport(r), label: COLLECTION_REPORT_LABELS[r] }))}
        w="fit-content"
      />
      <Paper withBorder p="md" component="section" aria-label={`${COLLECTION_REPORT_LABELS[report]} report`}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={2} size="h4">
              {COLLECTION_REPORT_LABELS[report]}
            </Title>
            <Group gap="sm" align="flex-end" wrap="wrap">
              {reportTakesRange(report) ? (
                <>
                  <TextInput
                    label="From"
                    type="date"
                    value={range.dateFrom}
                    onChange={(e) => setRange({ ...range, dateFrom: e.currentTarget.value })}
                    w={150}
                  />
                  <TextInput
                    label="To"
                    type="date"
                    value={range.dateTo}
                    onChange={(e) => setRange({ ...range, dateTo: e.currentTarget.value })}
                    w={150}
                  />
                </>
              ) : (
                <Text size="sm" c="dimmed" pb={6}>
                  As of today{shown ? ` (${shown.asOf})` : ''}
                </Text>
              )}
              {REPORT_GROUPS[report].length > 0 && (
                <Select
                  label="Group by"
                  data={REPORT_GROUPS[report].map((g) => ({ value: g, label: COLLECTION_REPORT_GROUP_LABELS[g] }))}
                  value={groupBy ?? null}
                  onChange={(value) => value && setGroups({ ...groups, [report]: value as CollectionReportGroup })}
                  allowDeselect={false}
                  w={150}
                />
              )}
              <Select
                label="Office"
                placeholder="All my offices"
                data={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                value={officeId}
                onChange={setOfficeId}
                clearable
                w={200}
              />
              <ExportMenu
                formats={EXPORT_FORMATS}
                onExport={(format) => {
                  const { pageNumber: _n, pageSize: _s, ...filters } = request;
                  exporter.mutate({ ...filters, format });
                }}
                loading={exporter.isPending}
                disabled={!shown || refused !== null}
              />
            </Group>
          </Group>
          {refused ? (
            <Alert color="red" variant="light" title="The report could not be made" data-testid="report-error">
              <Text size="sm">{refused}</Text>
            </Alert>
          ) : (
            <>
              {shown?.report === 'COLLECTED' && <CollectedChart rows={shown.items} />}
              <ReportTable
                result={shown}
                report={report}
                groupHeader={groupBy ? COLLECTION_REPORT_GROUP_LABELS[groupBy] : 'Group'}
                loading={result.isFetching}
                onPageChange={(pageNumber) => setPaging({ ...paging, pageNumber })}
                onPageSizeChange={(pageSize) =>
                  setPaging({ pageNumber: 1, pageSize: Math.min(pageSize, CONTACT_LOG_MAX_PAGE) })
                }
              />
              {shown?.report === 'CONTACT_LOG' && (
                <Text size="xs" c="dimmed">
                  {shown.totals.attempts.toLocaleString('en-US')} attempts:{' '}
                  {shown.totals.allowed.toLocaleString('en-US')} allowed, {shown.totals.refused.toLocaleString('en-US')}{' '}
                  refused by a contact rule.
                </Text>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
