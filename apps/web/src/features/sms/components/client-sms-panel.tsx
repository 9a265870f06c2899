import { Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { SMS_SORTS } from '@casedesk/contract/sms/sms';
import { MessageIcon } from '@/components/icons.tsx';
import { useListPaging } from '@/components/list-page/use-list-paging.ts';
import { LoadError } from '@/components/load-error.tsx';
import { useSmsList } from '../api/list-sms.ts';
import { openTextDrawer } from '../text-drawer-store.ts';
import { CLIENT_SMS_TABLE_COLUMNS } from './sms-columns.tsx';
import { SmsTable } from './sms-table.tsx';
import { EMPTY_SMS_FILTER, toSmsFilter } from './sms-filters.tsx';
import { useSmsAccess } from './use-sms-access.ts';

/** A client's texts fit a short page; the table still offers every SPEC §9 page size. */
const CLIENT_SMS_PAGE_SIZE = 25;

interface ClientSmsPanelProps {
  clientId: string;
  /** What the client screen shows without SMS READ (its own list of the client's texts). */
  fallback: ReactNode;
}

/** The client screen's SMS tab (SPEC §3 client detail: sms): the client's texts, with their status, and Send text. */
export function ClientSmsPanel({ clientId, fallback }: ClientSmsPanelProps) {
  const access = useSmsAccess();
  const paging = useListPaging({ sorts: SMS_SORTS, pageSize: CLIENT_SMS_PAGE_SIZE });
  const filter = useMemo(() => toSmsFilter(EMPTY_SMS_FILTER, clientId), [clientId]);
  const texts = useSmsList({ ...paging.page, filter }, access.read);
  if (!access.read) return fallback;
  return (
    <Stack gap="xs" data-testid="client-sms-panel">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          Click a text to answer it or change its category.
        </Text>
        {access.create && (
          <Button
            size="xs"
            variant="light"
            leftSection={<MessageIcon size={14} />}
            onClick={() => openTextDrawer({ clientId })}
            data-testid="client-send-text"
          >
            Send text
          </Button>
        )}
      </Group>
      {texts.isError && <LoadError title="Texts could not be loaded" onRetry={() => void texts.refetch()} />}
      <SmsTable
        label="Client texts"
        columns={CLIENT_SMS_TABLE_COLUMNS}
        list={texts}
        table={paging.table}
        emptyState="No text messages with this client"
        maxHeight="60vh"
      />
    </Stack>
  );
}
