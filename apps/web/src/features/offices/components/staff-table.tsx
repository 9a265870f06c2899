import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StaffColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

interface StaffSectionProps<Row> {
  id: string;
  title: string;
  /** null: the caller may not read this kind of record in the office. */
  rows: Row[] | null | undefined;
  columns: StaffColumn<Row>[];
  rowKey: (row: Row) => string;
  empty: string;
  /** Shown above the table (e.g. Add attorney). */
  actions?: ReactNode;
}

/** One section of the office page: a small table of the office's people or lines, scrolling sideways when narrow. */
export function StaffSection<Row>({ id, title, rows, columns, rowKey, empty, actions }: StaffSectionProps<Row>) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
          {rows ? ` (${rows.length})` : ''}
        </Title>
        {actions}
        {rows === null ? (
          <Text size="sm" c="dimmed">
            You don&apos;t have access to see {title.toLowerCase()} of this office.
          </Text>
        ) : rows && rows.length === 0 ? (
          <Text size="sm">{empty}</Text>
        ) : (
          rows && (
            <Table.ScrollContainer minWidth={560}>
              <Table striped highlightOnHover verticalSpacing={6} aria-labelledby={id}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((c) => (
                      <Table.Th key={c.header}>{c.header}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={rowKey(row)}>
                      {columns.map((c) => (
                        <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        )}
      </Stack>
    </Paper>
  );
}
