import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import {
  COLLECTION_STATUS_BADGES,
  COLLECTION_STATUS_LABELS,
  type CollectionStatus,
} from '@casedesk/contract/collections/account';

/** Badge colours that keep their text readable (the yellow one takes dark text). */
const BADGE_COLOURS: Partial<Record<CollectionStatus, { color: string; autoContrast?: boolean }>> = {
  REVIEW: { color: 'grape.8' },
  ESCALATION: { color: 'yellow.5', autoContrast: true },
};

/** SPEC §4 badges: REVIEW shows REV, ESCALATION shows ESC; other statuses have none. */
export function StatusBadge({ status }: { status: CollectionStatus }) {
  const badge = COLLECTION_STATUS_BADGES[status];
  if (!badge) return null;
  const colour = BADGE_COLOURS[status]!;
  return (
    <Badge
      size="xs"
      variant="filled"
      color={colour.color}
      autoContrast={colour.autoContrast}
      title={COLLECTION_STATUS_LABELS[status]}
      data-testid="status-badge"
    >
      {badge}
    </Badge>
  );
}

/**
 * The status in a table cell: a REVIEW or ESCALATION account shows its badge alone (SPEC §4; the row colour and the
 * legend say the rest, and the word is there for screen readers), any other status its word.
 */
export function StatusCell({ status }: { status: CollectionStatus }) {
  if (!COLLECTION_STATUS_BADGES[status]) {
    return (
      <Text size="sm" truncate="end">
        {COLLECTION_STATUS_LABELS[status]}
      </Text>
    );
  }
  return (
    <>
      <StatusBadge status={status} />
      <VisuallyHidden>{COLLECTION_STATUS_LABELS[status]}</VisuallyHidden>
    </>
  );
}

/** The status in words, with its badge. */
export function StatusLabel({ status, size = 'sm' }: { status: CollectionStatus; size?: 'sm' | 'md' }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size={size} truncate="end">
        {COLLECTION_STATUS_LABELS[status]}
      </Text>
      <StatusBadge status={status} />
    </Group>
  );
}
