import { Group, Tabs } from '@mantine/core';
import { useState } from 'react';
import { MAIL_SORT_FIELDS } from '@casedesk/contract/mail/mail';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListPaging } from '@/components/list-page/use-list-paging.ts';
import { useListRequest } from '@/components/list-page/use-list-request.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useSession } from '@/lib/session-context.ts';
import { useLetterList } from '../api/list-letters.ts';
import { useMailList } from '../api/list-mail.ts';
import { LETTER_COLUMNS } from '../components/letter-columns.tsx';
import { canMail } from '../components/mail-access.ts';
import { LetterBatchButton, SendMailButton, WriteLetterButton } from '../components/mail-buttons.tsx';
import { MAIL_COLUMNS } from '../components/mail-columns.tsx';
import { MailDetailDrawer } from '../components/mail-detail-drawer.tsx';
import { EMPTY_MAIL_FILTER, MailFilters, toMailFilter } from '../components/mail-filters.tsx';
import { TransportPanel } from '../components/transport-panel.tsx';

const byId = (row: { id: string }) => row.id;

function EmailTab({ onOpen }: { onOpen: (id: string) => void }) {
  const list = useListRequest({ initialValues: EMPTY_MAIL_FILTER, toFilter: toMailFilter, sorts: MAIL_SORT_FIELDS });
  const mail = useMailList(list.request);
  return (
    <ListPage
      title="Mail outbox"
      description="Every e-mail sent from here: queued, sent or failed, with its attempts. Click one to see it as it arrived."
      summary={<TransportPanel />}
      filters={<MailFilters value={list.values} onChange={list.setValues} />}
      query={mail}
      errorTitle="The outbox could not be loaded"
      testId="mail-outbox"
    >
      <DataTable
        {...list.table}
        label="E-mails"
        columns={MAIL_COLUMNS}
        rows={mail.data?.items ?? []}
        getRowId={byId}
        totalCount={mail.data?.totalCount ?? 0}
        loading={isLoadingRows(mail)}
        onRowClick={(row) => onOpen(row.id)}
        emptyState="No e-mails match this filter"
        maxHeight="calc(100dvh - 400px)"
      />
    </ListPage>
  );
}

function LettersTab() {
  const paging = useListPaging({ sorts: [] as const });
  const request = { ...paging.page, filter: {} };
  const letters = useLetterList(request);
  return (
    <ListPage
      title="Letters"
      description="Letters saved on clients, printed on their office's letterhead."
      query={letters}
      errorTitle="The letters could not be loaded"
      testId="mail-letters"
    >
      <DataTable
        {...paging.table}
        label="Letters"
        columns={LETTER_COLUMNS}
        rows={letters.data?.items ?? []}
        getRowId={byId}
        totalCount={letters.data?.totalCount ?? 0}
        loading={isLoadingRows(letters)}
        emptyState="No letters yet"
        maxHeight="calc(100dvh - 330px)"
      />
    </ListPage>
  );
}

/**
 * The Mail outbox (docs/modules.md, mail): e-mail as sent and received, and saved letters. Opens with MAIL READ;
 * sending and writing need MAIL CREATE, and the server checks the office of each.
 */
export function MailOutboxPage() {
  const session = useSession();
  const [tab, setTab] = useState<string | null>('email');
  const [openId, setOpenId] = useState<string | null>(null);
  const mayCreate = canMail(session, 'CREATE');
  return (
    <>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Tabs.List>
            <Tabs.Tab value="email">E-mail</Tabs.Tab>
            <Tabs.Tab value="letters">Letters</Tabs.Tab>
          </Tabs.List>
          {mayCreate && (
            <Group gap="sm">
              <SendMailButton onSent={setOpenId} />
              <WriteLetterButton variant="light" />
              <LetterBatchButton variant="light" />
            </Group>
          )}
        </Group>
        <Tabs.Panel value="email">
          <EmailTab onOpen={setOpenId} />
        </Tabs.Panel>
        <Tabs.Panel value="letters">
          <LettersTab />
        </Tabs.Panel>
      </Tabs>
      <MailDetailDrawer mailId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
