import { Badge, Tooltip } from '@mantine/core';
import type { SmsDirection } from '@casedesk/contract/sms/sms';
import type { SmsStatus } from '@casedesk/contract/sms/sms-status';

/** Delivery status colours: on its way grey/blue, arrived green, refused red/orange. */
const STATUS_COLORS: Record<SmsStatus, string> = {
  queued: 'gray',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
  undelivered: 'orange',
  received: 'teal',
};

export function DirectionBadge({ direction }: { direction: SmsDirection }) {
  const inbound = direction === 'INBOUND';
  return (
    <Badge size="sm" variant="light" color={inbound ? 'violet' : 'cyan'} data-testid="direction-badge">
      {inbound ? 'Inbound' : 'Outbound'}
    </Badge>
  );
}

interface StatusBadgeProps {
  status: SmsStatus;
  /** Provider error code of a failed or undelivered text, shown on hover. */
  errorCode?: string | null;
}

export function StatusBadge({ status, errorCode }: StatusBadgeProps) {
  const badge = (
    <Badge size="sm" variant="dot" color={STATUS_COLORS[status]} data-testid="status-badge" data-status={status}>
      {status}
    </Badge>
  );
  if (!errorCode) return badge;
  return (
    <Tooltip label={`Provider error ${errorCode}`} withArrow>
      {badge}
    </Tooltip>
  );
}
