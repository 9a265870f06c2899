import { Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useSession } from '@/lib/session-context.ts';
import { useLetterList } from '../api/list-letters.ts';
import { useMailList } from '../api/list-mail.ts';
import { CLIENT_LETTER_COLUMNS } from './letter-columns.tsx';
import { canMail } from './mail-access.ts';
import { SendMailButton, WriteLetterButton } from './mail-buttons.tsx';
import { CLIENT_MAIL_COLUMNS } from './mail-columns.tsx';
import { MailDetailDrawer } from './mail-detail-drawer.tsx';

const byId = (row: { id: string }) => row.id;
const CLIENT_PAGE = { pageNumber: 1, pageSize: 100 } as const;

interface ClientMailPanelProps {
  client: { id: string; name: string; email: string | null; officeId: string | null };
  /** On a collection account's screen: only the mail about that account, and new mail carries it. */
  collectionAccountId?: string;
}

/**
 * The client's mail timeline: every e-mail sent to the client and every letter saved on them, newest first,
 * with Send e-mail and Write letter (MAIL CREATE). On a collection account, the same for the account.
 */
export function ClientMailPanel({ client, collectionAccountId }: ClientMailPanelProps) {
  const session = useSession();
  const [openId, setOpenId] = useState<string | null>(null);
  const filter = collectionAccountId ? { collectionAccountId } : { clientId: client.id };
  const about = collectionAccountId ? 'about this account' : 'to this client';
  const mail = useMailList({ ...CLIENT_PAGE, filter });
  const letters = useLetterList({ ...CLIENT_PAGE, filter });
  const mayCreate = canMail(session, 'CREATE');
  return (
    <Stack gap="sm" data-testid="client-mail">
      {mayCreate && (
        <Group gap="sm">
          <SendMailButton
            size="xs"
            defaults={{
              to: client.email ? [client.email] : [],
              clientId: client.id,
              officeId: client.officeId,
              collectionAccountId: collectionAccountId ?? null,
            }}
            onSent={setOpenId}
          />
          <WriteLetterButton
            size="xs"
            variant="light"
            client={{ id: client.id, name: client.name, officeId: client.officeId }}
            {...(collectionAccountId ? { collectionAccountId } : {})}
          />
        </Group>
      )}
      <Title order={4}>E-mail</Title>
      {mail.isError ? (
        <Text c="red" size="sm">
          The e-mails could not be loaded.
        </Text>
      ) : (
        <DataTable
          label={`E-mails ${about}`}
          columns={CLIENT_MAIL_COLUMNS}
          rows={mail.data?.items ?? []}
          getRowId={byId}
          loading={isLoadingRows(mail)}
          withPagination={false}
          onRowClick={(row) => setOpenId(row.id)}
          emptyState={`No e-mails ${about}`}
          maxHeight="40vh"
        />
      )}
      <Title order={4}>Letters</Title>
      {letters.isError ? (
        <Text c="red" size="sm">
          The letters could not be loaded.
        </Text>
      ) : (
        <DataTable
          label={`Letters ${about}`}
          columns={CLIENT_LETTER_COLUMNS}
          rows={letters.data?.items ?? []}
          getRowId={byId}
          loading={isLoadingRows(letters)}
          withPagination={false}
          emptyState={collectionAccountId ? 'No letters about this account' : 'No letters saved on this client'}
          maxHeight="40vh"
        />
      )}
      <MailDetailDrawer mailId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
