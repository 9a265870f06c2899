import { Badge, Tooltip } from '@mantine/core';
import type { MailStatus } from '@casedesk/contract/mail/mail';

const STATUS: Record<MailStatus, { color: string; label: string }> = {
  QUEUED: { color: 'gray', label: 'Queued' },
  SENDING: { color: 'blue', label: 'Sending' },
  SENT: { color: 'green', label: 'Sent' },
  FAILED: { color: 'red', label: 'Failed' },
};

export const MAIL_STATUS_LABELS = Object.fromEntries(Object.entries(STATUS).map(([k, v]) => [k, v.label])) as Record<
  MailStatus,
  string
>;

interface MailStatusBadgeProps {
  status: MailStatus;
  attempts: number;
  lastError: string | null;
}

/** Queued after a failed attempt reads "Retrying", with the error on hover. */
export function MailStatusBadge({ status, attempts, lastError }: MailStatusBadgeProps) {
  const retrying = status === 'QUEUED' && attempts > 0;
  const { color, label } = retrying ? { color: 'orange', label: 'Retrying' } : STATUS[status];
  const badge = (
    <Badge size="sm" variant="dot" color={color} data-testid="mail-status" data-status={status}>
      {label}
    </Badge>
  );
  return lastError && status !== 'SENT' ? (
    <Tooltip label={lastError} multiline w={320} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
