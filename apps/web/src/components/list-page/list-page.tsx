import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { LoadError } from '../load-error.tsx';

export interface ListPageProps {
  /** The heading; the browser tab reads "{title} · Casedesk". */
  title: string;
  /** A dimmed line under the heading: what the list shows or how to use it. */
  description?: ReactNode;
  /** Buttons at the top right: export, new. */
  actions?: ReactNode;
  /** A panel above the filters, such as a week's counts per day. */
  summary?: ReactNode;
  /** The filter inputs, in a bordered bar above the table. */
  filters?: ReactNode;
  /** The list's query: while it has failed, a LoadError with Retry stands above the table. */
  query: { isError: boolean; refetch: () => Promise<unknown> };
  /** What failed, as the user names it: "Calls could not be loaded". */
  errorTitle: string;
  testId?: string;
  /** The table, with anything that sits right above it (a legend). */
  children: ReactNode;
}

/**
 * The layout of a list screen (SPEC §2 shared table page): title and actions, optional summary, filters,
 * the load error with Retry, then the table. Its request comes from useListRequest.
 */
export function ListPage({
  title,
  description,
  actions,
  summary,
  filters,
  query,
  errorTitle,
  testId,
  children,
}: ListPageProps) {
  useDocumentTitle(`${title} · Casedesk`);
  return (
    <Stack gap="md" maw={1600} mx="auto" data-testid={testId}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>{title}</Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {summary && (
        <Paper withBorder p="sm">
          {summary}
        </Paper>
      )}
      {filters && (
        <Paper withBorder p="sm">
          {filters}
        </Paper>
      )}
      {query.isError && <LoadError title={errorTitle} onRetry={() => void query.refetch()} />}
      {children}
    </Stack>
  );
}
