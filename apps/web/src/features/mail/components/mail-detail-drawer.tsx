import {
  Accordion,
  Alert,
  Anchor,
  Button,
  Code,
  Divider,
  Drawer,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import type { CapturedMail, MailAttachment, MailDetail } from '@casedesk/contract/mail/mail';
import { formatValue } from '@/components/data-table/format-cell.ts';
import { LoadError } from '@/components/load-error.tsx';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/session-context.ts';
import { useDownloadCapturedAttachment } from '../api/download-captured-attachment.ts';
import { useDownloadMailAttachment } from '../api/download-mail-attachment.ts';
import { useMail } from '../api/get-mail.ts';
import { useRetryMail } from '../api/retry-mail.ts';
import { canMail } from './mail-access.ts';
import { MailStatusBadge } from './mail-badges.tsx';

const kb = (size: number) => (size < 1024 ? `${size} B` : `${(size / 1024).toFixed(size < 10_240 ? 1 : 0)} kB`);
const when = (iso: string | null) => (iso ? formatValue(iso, 'dateTime') : '—');

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

interface FileListProps {
  files: readonly MailAttachment[];
  onDownload: (file: MailAttachment) => void;
  empty: string;
}

function FileList({ files, onDownload, empty }: FileListProps) {
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {files.map((file) => (
        <Group key={file.id} gap="xs" wrap="nowrap">
          <Anchor component="button" type="button" size="sm" onClick={() => onDownload(file)}>
            {file.filename}
          </Anchor>
          <Text size="xs" c="dimmed">
            {file.contentType} · {kb(file.size)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function CapturedCopy({ mailId, copy, index }: { mailId: string; copy: CapturedMail; index: number }) {
  const download = useDownloadCapturedAttachment();
  return (
    <Paper withBorder p="sm" data-testid="captured-copy">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {index === 0 ? 'Received' : `Received again (${index + 1})`} {when(copy.receivedAt)}
          </Text>
          <Text size="xs" c="dimmed">
            {kb(copy.size)}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Field label="From">{copy.from ?? '—'}</Field>
          <Field label="To">{copy.to ?? copy.envelopeTo.join(', ')}</Field>
        </SimpleGrid>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {copy.text ?? ''}
        </Text>
        <FileList
          files={copy.attachments}
          empty="No attachments arrived."
          onDownload={(file) => download.mutate({ mailId, attachmentId: file.id, filename: file.filename })}
        />
        <Accordion variant="contained" chevronPosition="left">
          <Accordion.Item value="headers">
            <Accordion.Control>Headers</Accordion.Control>
            <Accordion.Panel>
              <Code block>{copy.headers.map((h) => h.value).join('\n')}</Code>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
    </Paper>
  );
}

function MailDetailBody({ mail }: { mail: MailDetail }) {
  const session = useSession();
  const retry = useRetryMail();
  const download = useDownloadMailAttachment();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={3}>{mail.subject}</Title>
        <MailStatusBadge status={mail.status} attempts={mail.attempts} lastError={mail.lastError} />
      </Group>
      {mail.status === 'FAILED' && (
        <Alert color="red" title="Not delivered">
          <Stack gap="xs">
            <Text size="sm">{mail.lastError}</Text>
            {canMail(session, 'UPDATE') && (
              <Group>
                <Button size="xs" loading={retry.isPending} onClick={() => retry.mutate(mail.id)}>
                  Send again
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {mail.status !== 'FAILED' && mail.lastError && (
        <Alert color="orange" title={`Attempt ${mail.attempts} failed; it will be tried again`}>
          {mail.lastError}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Field label="To">{mail.to.join(', ')}</Field>
        <Field label="Office">{mail.officeName ?? '—'}</Field>
        <Field label="Client">
          {mail.clientId && mail.clientName ? (
            <Anchor component={Link} to={paths.client.detail.href(mail.clientId)} size="sm">
              {mail.clientName}
            </Anchor>
          ) : (
            '—'
          )}
        </Field>
        <Field label="Queued by">{mail.createdByName ?? '—'}</Field>
        <Field label="Queued">{when(mail.createdAt)}</Field>
        <Field label="Sent">{when(mail.sentAt)}</Field>
        <Field label="Attempts">{mail.attempts}</Field>
        <Field label="Message-ID">
          <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {mail.messageId}
          </Text>
        </Field>
      </SimpleGrid>
      <Divider label="Message" labelPosition="left" />
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {mail.body}
      </Text>
      <Divider label="Attachments" labelPosition="left" />
      <FileList
        files={mail.attachments}
        empty="Nothing attached."
        onDownload={(file) => download.mutate({ mailId: mail.id, attachmentId: file.id, filename: file.filename })}
      />
      <Divider label="As the mail server received it" labelPosition="left" />
      {mail.captured.length === 0 ? (
        <Text size="sm" c="dimmed">
          {mail.status === 'SENT'
            ? 'Sent to the mail server of SMTP_URL: its copy is not kept here.'
            : 'Not received yet.'}
        </Text>
      ) : (
        mail.captured.map((copy, index) => <CapturedCopy key={copy.id} mailId={mail.id} copy={copy} index={index} />)
      )}
    </Stack>
  );
}

interface MailDetailDrawerProps {
  mailId: string | null;
  onClose: () => void;
}

/** One e-mail: status and attempts, the message and its files, and what the embedded SMTP server received. */
export function MailDetailDrawer({ mailId, onClose }: MailDetailDrawerProps) {
  const mail = useMail(mailId);
  return (
    <Drawer opened={mailId !== null} onClose={onClose} position="right" size="lg" title="E-mail">
      {mail.isPending && mailId !== null && <Loader size="sm" />}
      {mail.isError && <LoadError title="The e-mail could not be loaded" onRetry={() => void mail.refetch()} />}
      {mail.data && <MailDetailBody mail={mail.data} />}
    </Drawer>
  );
}
