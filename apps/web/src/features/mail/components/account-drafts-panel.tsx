import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Draft } from '@casedesk/contract/mail/draft';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useSession } from '@/lib/session-context.ts';
import { useDraftList } from '../api/list-drafts.ts';
import { DRAFT_COLUMNS } from './draft-columns.tsx';
import { DraftDetail } from './draft-detail.tsx';
import { DraftForm, type DraftTarget } from './draft-form.tsx';
import { canMail } from './mail-access.ts';

const byId = (row: { id: string }) => row.id;
const ACCOUNT_PAGE = { pageNumber: 1, pageSize: 100 } as const;

/** What the one modal shows: a draft, the form for a new one, or the form for changing one. */
type Open = { view: 'detail'; id: string } | { view: 'new' } | { view: 'edit'; draft: Draft } | null;

/**
 * The account's letter and e-mail drafts (SPEC §7 draft): written here, approved by someone else, then sent or
 * printed exactly as approved. New draft needs MAIL CREATE; the rest is in each draft's detail.
 */
export function AccountDraftsPanel(target: DraftTarget) {
  const session = useSession();
  const [open, setOpen] = useState<Open>(null);
  const drafts = useDraftList({ ...ACCOUNT_PAGE, filter: { collectionAccountId: target.collectionAccountId } });
  const mayCreate = canMail(session, 'CREATE');
  const close = () => setOpen(null);
  const title = open?.view === 'new' ? 'New draft' : open?.view === 'edit' ? 'Edit draft' : 'Draft';
  return (
    <Stack gap="sm" data-testid="account-drafts">
      {mayCreate && (
        <Group gap="sm">
          <Button size="xs" onClick={() => setOpen({ view: 'new' })}>
            New draft
          </Button>
          <Text size="xs" c="dimmed">
            A draft goes out only after someone else approved it.
          </Text>
        </Group>
      )}
      {drafts.isError ? (
        <Text c="red" size="sm">
          The drafts could not be loaded.
        </Text>
      ) : (
        <DataTable
          label="Drafts about this account"
          columns={DRAFT_COLUMNS}
          rows={drafts.data?.items ?? []}
          getRowId={byId}
          loading={isLoadingRows(drafts)}
          withPagination={false}
          onRowClick={(row) => setOpen({ view: 'detail', id: row.id })}
          emptyState="No drafts about this account"
          maxHeight="40vh"
        />
      )}
      <Modal opened={open !== null} onClose={close} title={title} size="lg">
        {open?.view === 'detail' && (
          <DraftDetail draftId={open.id} onClosed={close} onEdit={(draft) => setOpen({ view: 'edit', draft })} />
        )}
        {open?.view === 'new' && (
          <DraftForm target={target} onCancel={close} onDone={(d) => setOpen({ view: 'detail', id: d.id })} />
        )}
        {open?.view === 'edit' && (
          <DraftForm
            target={target}
            draft={open.draft}
            onCancel={() => setOpen({ view: 'detail', id: open.draft.id })}
            onDone={(d) => setOpen({ view: 'detail', id: d.id })}
          />
        )}
      </Modal>
    </Stack>
  );
}
