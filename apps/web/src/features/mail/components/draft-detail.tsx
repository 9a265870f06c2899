import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DRAFT_KIND_LABELS, DRAFT_MESSAGES, type Draft } from '@casedesk/contract/mail/draft';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session-context.ts';
import { useDiscardDraft, useDraftStep, type DraftStep } from '../api/draft-writes.ts';
import { useDownloadDraftAttachment } from '../api/download-draft-attachment.ts';
import { useDraft } from '../api/get-draft.ts';
import { useOpenLetter } from '../api/open-letter.ts';
import { DraftStatusBadge } from './draft-columns.tsx';
import { canMail } from './mail-access.ts';

const when = (at: string) => new Date(at).toLocaleString();

/** How much of the approval's SHA-256 is shown: enough to compare by eye. */
const HASH_SHOWN = 12;

const STEP_DONE: Record<DraftStep, string> = {
  approve: DRAFT_MESSAGES.approved,
  send: 'The e-mail is in the outbox.',
  print: 'The letter has been printed and saved on the account.',
};

interface DraftDetailProps {
  draftId: string;
  onEdit: (draft: Draft) => void;
  onClosed: () => void;
}

/**
 * One draft: its text, files, approval and what it made, with the steps its status and the user allow. The
 * buttons mirror the server's rules (MAIL UPDATE and not its author to approve, MAIL CREATE for the rest); the
 * server still decides, and its 403 or 409 is shown here.
 */
export function DraftDetail({ draftId, onEdit, onClosed }: DraftDetailProps) {
  const session = useSession();
  const draft = useDraft(draftId);
  const step = useDraftStep();
  const discard = useDiscardDraft();
  const download = useDownloadDraftAttachment();
  const openLetter = useOpenLetter();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (draft.isPending) return <Skeleton h={160} aria-label="Loading the draft" />;
  if (draft.isError) return <Alert color="gray">This draft no longer exists or is outside your offices.</Alert>;
  const d = draft.data;
  const mayCreate = canMail(session, 'CREATE');
  const mayApprove = canMail(session, 'UPDATE') && d.createdById !== session.user.id;
  const open = d.status === 'DRAFT';

  const refused = (error: unknown) => {
    if (!isApiError(error)) throw error;
    setFailure(error.body?.message ?? error.message);
  };
  const run = async (name: DraftStep) => {
    setFailure(null);
    try {
      await step.mutateAsync({ id: d.id, step: name });
      notifications.show({ color: 'teal', message: STEP_DONE[name] });
    } catch (error) {
      refused(error);
    }
  };
  const drop = async () => {
    setFailure(null);
    try {
      await discard.mutateAsync(d.id);
      notifications.show({ color: 'teal', message: 'The draft has been discarded.' });
      onClosed();
    } catch (error) {
      refused(error);
    }
  };

  return (
    <Stack gap="sm" data-testid="draft-detail">
      {failure && (
        <Alert color="red" title="Not done">
          {failure}
        </Alert>
      )}
      <Group gap="xs">
        <DraftStatusBadge status={d.status} />
        <Text size="sm">
          {DRAFT_KIND_LABELS[d.kind]} · {d.officeName} · by {d.createdByName ?? 'unknown'}, {when(d.createdAt)}
        </Text>
      </Group>
      {d.kind === 'EMAIL' && <Text size="sm">To: {d.to.join(', ')}</Text>}
      <Text fw={600}>{d.subject}</Text>
      <Paper withBorder p="sm" bg="gray.0">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="draft-body">
          {d.body}
        </Text>
      </Paper>
      {d.attachments.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            Attachments
          </Text>
          {d.attachments.map((a) => (
            <Anchor
              key={a.id}
              component="button"
              type="button"
              size="sm"
              onClick={() => download.mutate({ draftId: d.id, attachmentId: a.id, filename: a.filename })}
            >
              {a.filename} ({Math.max(1, Math.round(a.size / 1024))} KB)
            </Anchor>
          ))}
        </Stack>
      )}
      {d.approvedAt && (
        <Text size="sm" data-testid="draft-approval">
          Approved by {d.approvedByName ?? 'unknown'}, {when(d.approvedAt)} · content hash{' '}
          <code>{d.contentHash?.slice(0, HASH_SHOWN)}</code>
        </Text>
      )}
      {d.completedAt && (
        <Text size="sm">
          {d.status === 'SENT' ? 'Sent' : 'Printed'} by {d.completedByName ?? 'unknown'}, {when(d.completedAt)}
        </Text>
      )}
      {confirming ? (
        <Group gap="sm" justify="flex-end">
          <Text size="sm">Discard this draft and its files?</Text>
          <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button color="red" size="xs" loading={discard.isPending} onClick={() => void drop()}>
            Discard draft
          </Button>
        </Group>
      ) : (
        <Group gap="sm" justify="flex-end">
          {open && mayCreate && (
            <Button variant="default" size="xs" onClick={() => onEdit(d)}>
              Edit
            </Button>
          )}
          {open && mayCreate && (
            <Button variant="default" color="red" size="xs" onClick={() => setConfirming(true)}>
              Discard
            </Button>
          )}
          {open && mayApprove && (
            <Button size="xs" loading={step.isPending} onClick={() => void run('approve')}>
              Approve
            </Button>
          )}
          {d.status === 'APPROVED' && d.kind === 'EMAIL' && mayCreate && (
            <Button size="xs" loading={step.isPending} onClick={() => void run('send')}>
              Send
            </Button>
          )}
          {d.status === 'APPROVED' && d.kind === 'LETTER' && mayCreate && (
            <Button size="xs" loading={step.isPending} onClick={() => void run('print')}>
              Print
            </Button>
          )}
          {d.letterId && (
            <Button
              size="xs"
              variant="light"
              loading={openLetter.isPending}
              onClick={() => openLetter.mutate({ id: d.letterId!, print: false })}
            >
              Download letter PDF
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
