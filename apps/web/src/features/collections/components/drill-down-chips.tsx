import { Button, Group, Pill, Text } from '@mantine/core';
import { AGING_BUCKET_LABELS, type PlanState } from '@casedesk/contract/collections/dashboard-filters';
import { formatMoney } from '@casedesk/contract/common/money';
import { formatDateInput } from '@casedesk/contract/common/text';
import type { AccountFilterValues } from './account-filters.tsx';

const PLAN_CHIP: Record<PlanState, string> = {
  ACTIVE: 'Plan active',
  PAUSED: 'Plan paused',
  MISSED: 'Plan missed',
};

/** "11-01-2026 – 11-30-2026", or one end only: "from 11-01-2026", "to 11-30-2026". */
function days(from: string | null, to: string | null): string {
  if (from && to) return `${formatDateInput(from)} – ${formatDateInput(to)}`;
  return from ? `from ${formatDateInput(from)}` : `to ${formatDateInput(to)}`;
}

interface Chip {
  label: string;
  clear: Partial<AccountFilterValues>;
}

/** The dashboard's filters in words, each with what removing it clears. */
export function drillDownChips(values: AccountFilterValues, today: string): Chip[] {
  const chips: Chip[] = [];
  if (values.agingBucket) {
    chips.push({
      label: `Aging ${AGING_BUCKET_LABELS[values.agingBucket]} (as of ${formatDateInput(today)})`,
      clear: { agingBucket: null },
    });
  }
  if (values.planState) chips.push({ label: PLAN_CHIP[values.planState], clear: { planState: null } });
  if (values.paidFrom || values.paidTo) {
    chips.push({ label: `Paid ${days(values.paidFrom, values.paidTo)}`, clear: { paidFrom: null, paidTo: null } });
  }
  if (values.promiseDueFrom || values.promiseDueTo) {
    chips.push({
      label: `Promise due ${days(values.promiseDueFrom, values.promiseDueTo)}`,
      clear: { promiseDueFrom: null, promiseDueTo: null },
    });
  }
  return chips;
}

interface DrillDownChipsProps {
  values: AccountFilterValues;
  today: string;
  onChange: (values: AccountFilterValues) => void;
  /** Clears every filter, the inputs' too: the list of every account. */
  onClearAll: () => void;
  /** With a paid range: the money collected in it on these accounts (the dashboard's collected figure). */
  collectedCents?: number;
}

/**
 * The filters a dashboard figure opened the list with that have no input of their own (aging, plan, paid and
 * promise days), as removable chips above the table, and a clear action.
 */
export function DrillDownChips({ values, today, onChange, onClearAll, collectedCents }: DrillDownChipsProps) {
  const chips = drillDownChips(values, today);
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="drill-down-chips" aria-label="Dashboard filters" role="group">
      <Text size="xs" c="dimmed">
        From the dashboard:
      </Text>
      <Pill.Group>
        {chips.map((chip) => (
          <Pill
            key={chip.label}
            size="md"
            withRemoveButton
            onRemove={() => onChange({ ...values, ...chip.clear })}
            // Mantine hides a pill's remove button from the keyboard and screen readers (it expects a PillsInput's
            // Backspace); here it is the only way to remove the chip.
            removeButtonProps={{ 'aria-label': `Remove ${chip.label}`, 'aria-hidden': false, tabIndex: 0 }}
          >
            {chip.label}
          </Pill>
        ))}
      </Pill.Group>
      {collectedCents !== undefined && (
        <Text size="xs" c="dimmed" data-testid="collected-in-range">
          {`Collected in these days: ${formatMoney(collectedCents)}`}
        </Text>
      )}
      <Button variant="subtle" size="compact-xs" onClick={onClearAll}>
        Clear filters
      </Button>
    </Group>
  );
}
