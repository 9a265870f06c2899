import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { MessageIcon } from '@/components/icons.tsx';
import { EMPTY_SMS_FILTER, SmsFilters, toSmsFilter, type SmsFilterValues } from '../components/sms-filters.tsx';
import { SmsTable } from '../components/sms-table.tsx';
import { useSmsAccess } from '../components/use-sms-access.ts';
import { openTextDrawer } from '../text-drawer-store.ts';

/** SPEC §9: typing in the filter waits 300 ms. */
const FILTER_DEBOUNCE_MS = 300;

/**
 * SPEC §2 /communication/sms: every text the user may read, newest first unless sorted. The server
 * offers no SMS export (no /sms/export in SPEC §7 or the API), so there is no Export button.
 */
export function SmsPage() {
  useDocumentTitle('SMS · Casedesk');
  const access = useSmsAccess();
  const [pageNumber, setPageNumber] = useState(1);
  const [values, setValues] = useState<SmsFilterValues>(EMPTY_SMS_FILTER);
  const [debounced] = useDebouncedValue(values, FILTER_DEBOUNCE_MS);
  const filter = useMemo(() => toSmsFilter(debounced), [debounced]);

  const changeFilter = (next: SmsFilterValues) => {
    setValues(next);
    setPageNumber(1);
  };

  return (
    <Stack gap="md" maw={1600} mx="auto" data-testid="sms-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>SMS</Title>
          <Text size="sm" c="dimmed">
            Click a text to open it in the Text Message drawer.
          </Text>
        </Stack>
        {access.create && (
          <Button leftSection={<MessageIcon size={16} />} onClick={() => openTextDrawer()}>
            Send text
          </Button>
        )}
      </Group>
      <Paper withBorder p="sm">
        <SmsFilters value={values} onChange={changeFilter} />
      </Paper>
      <SmsTable
        label="Text messages"
        filter={filter}
        pageNumber={pageNumber}
        onPageChange={setPageNumber}
        emptyState="No texts match this filter"
        maxHeight="calc(100dvh - 340px)"
      />
    </Stack>
  );
}
