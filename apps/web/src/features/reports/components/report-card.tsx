import { Alert, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { REPORT_FORMATS, type ReportFormat } from '@casedesk/contract/reports/report';
import { ExportMenu } from '@/components/list-page/export-menu.tsx';
import { isApiError } from '@/lib/api-error.ts';
import type { ReportRange } from './report-range.ts';

interface ReportCardProps<G extends string> {
  title: string;
  testId: string;
  range: ReportRange;
  onRangeChange: (range: ReportRange) => void;
  groupBy: G;
  groups: { value: G; label: string }[];
  onGroupByChange: (groupBy: G) => void;
  onExport: (format: ReportFormat) => void;
  exporting: boolean;
  error: unknown;
  empty: boolean;
  children: ReactNode;
}

/** One summary: its range and grouping, export, and the chart and table it is given. */
export function ReportCard<G extends string>(props: ReportCardProps<G>) {
  const { range, onRangeChange } = props;
  const denied = isApiError(props.error) && props.error.status === 403;
  return (
    <Paper withBorder p="md" component="section" aria-label={props.title} data-testid={props.testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h4">
            {props.title}
          </Title>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="From"
              type="date"
              value={range.dateFrom}
              onChange={(e) => onRangeChange({ ...range, dateFrom: e.currentTarget.value })}
              w={150}
            />
            <TextInput
              label="To"
              type="date"
              value={range.dateTo}
              onChange={(e) => onRangeChange({ ...range, dateTo: e.currentTarget.value })}
              w={150}
            />
            <Select
              label="Group by"
              data={props.groups}
              value={props.groupBy}
              onChange={(value) => value && props.onGroupByChange(value as G)}
              allowDeselect={false}
              w={150}
            />
            <ExportMenu
              formats={REPORT_FORMATS}
              onExport={props.onExport}
              loading={props.exporting}
              disabled={props.empty || denied}
            />
          </Group>
        </Group>
        {denied ? (
          <Alert color="yellow" variant="light">
            <Text size="sm">Your reporting permission does not open this report.</Text>
          </Alert>
        ) : props.error ? (
          <Alert color="red" variant="light" title="The report could not be loaded" data-testid="report-error">
            <Text size="sm">
              {isApiError(props.error) && props.error.status === 400
                ? props.error.message
                : 'Check your connection and try again.'}
            </Text>
          </Alert>
        ) : (
          props.children
        )}
      </Stack>
    </Paper>
  );
}
