import { Badge, Tooltip } from '@mantine/core';
import { MAIL_STATUS_LABELS, type MailStatus } from '@casedesk/contract/mail/mail';

const STATUS: Record<MailStatus, { color: string; label: string }> = {
  QUEUED: { color: 'gray', label: MAIL_STATUS_LABELS.QUEUED },
  SENDING: { color: 'blue', label: MAIL_STATUS_LABELS.SENDING },
  SENT: { color: 'green', label: MAIL_STATUS_LABELS.SENT },
  FAILED: { color: 'red', label: MAIL_STATUS_LABELS.FAILED },
};

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
