import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDateInput } from '@casedesk/contract/common/field-rules';
import { formatPhone } from '@casedesk/contract/common/text';
import type { DuplicateCheckInput, InquiryDuplicateMatch } from '@casedesk/contract/matching/duplicate-check';
import { LIKELY_DUPLICATE_SCORE, MATCH_REASON_LABELS, type MatchReason } from '@casedesk/contract/matching/match-score';
import { useMemo } from 'react';
import { duplicateRequestOf, useDuplicates } from '../api/find-duplicates.ts';

/** Matches within 300 ms of the last keystroke; 250 ms of quiet leaves room for the answer. */
export const DUPLICATE_DEBOUNCE_MS = 250;

export interface DuplicateMatchesPanelProps {
  firstName?: string;
  lastName?: string;
  /** As typed: MM-dd-yyyy (or yyyy-MM-dd). */
  dateOfBirth?: string;
  phones?: readonly string[];
  email?: string;
  /** The client already chosen for this inquiry, never its own duplicate. */
  excludeClientId?: string | null;
  onUseExisting?: (clientId: string) => void;
}

function reasonText(reason: MatchReason, match: InquiryDuplicateMatch): string {
  if (reason === 'NICKNAME' && match.nicknameOf) return `${MATCH_REASON_LABELS.NICKNAME} ${match.nicknameOf}`;
  return MATCH_REASON_LABELS[reason];
}

function matchName(match: InquiryDuplicateMatch): string {
  return [match.firstName, match.middleName, match.lastName].filter(Boolean).join(' ');
}

function MatchCard({ match, onUseExisting }: { match: InquiryDuplicateMatch; onUseExisting?: (id: string) => void }) {
  const phones = [match.primaryNumber, match.mobileNumber, match.homeNumber, match.secondaryNumber]
    .filter((p): p is string => Boolean(p))
    .map(formatPhone);
  const details = [
    match.dateOfBirth ? `DOB ${formatDateInput(match.dateOfBirth)}` : null,
    ...new Set(phones),
    match.email,
  ].filter(Boolean);
  const inquiries = match.inquiries.length;
  // The score is the probability that this is the person typed (docs/matching.md); red from the likely level.
  const likely = match.score >= LIKELY_DUPLICATE_SCORE;
  return (
    <Paper withBorder p="xs" radius="sm" component="li" aria-label={matchName(match)}>
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm" truncate>
            {matchName(match)}
          </Text>
          <Badge
            size="xs"
            variant="light"
            color={likely ? 'red' : match.score >= 45 ? 'orange' : 'gray'}
            title={likely ? 'Likely duplicate' : 'Possible match'}
            aria-label={`${match.score}%, ${likely ? 'likely duplicate' : 'possible match'}`}
          >
            {match.score}%
          </Badge>
        </Group>
        {details.length > 0 && (
          <Text size="xs" c="dimmed">
            {details.join(' · ')}
          </Text>
        )}
        <Group gap={4}>
          {match.reasons.map((reason) => (
            <Badge key={reason} size="xs" variant="outline" color="gray" tt="none">
              {reasonText(reason, match)}
            </Badge>
          ))}
        </Group>
        {(inquiries > 0 || onUseExisting) && (
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {inquiries === 0 ? '' : inquiries === 1 ? '1 inquiry' : `${inquiries} inquiries`}
            </Text>
            {onUseExisting && (
              <Button size="compact-xs" variant="light" onClick={() => onUseExisting(match.clientId)}>
                Use this client
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Live duplicate detection beside the client form: likely existing clients, best first, with
 * the reasons they match. Silent until there is something to look for; previous matches stay on screen
 * while the next ones load, so the list does not flicker while the operator types.
 */
export function DuplicateMatchesPanel(props: DuplicateMatchesPanelProps) {
  const { firstName, lastName, dateOfBirth, phones, email, excludeClientId, onUseExisting } = props;
  // phones is often a fresh array each render; its contents are what matter.
  const phonesKey = (phones ?? []).join(',');
  const request = useMemo(
    () =>
      duplicateRequestOf(
        { firstName, lastName, dateOfBirth, phones: phonesKey ? phonesKey.split(',') : [], email },
        excludeClientId,
      ),
    [firstName, lastName, dateOfBirth, phonesKey, email, excludeClientId],
  );
  const key = request ? JSON.stringify(request) : '';
  const [debouncedKey] = useDebouncedValue(key, DUPLICATE_DEBOUNCE_MS);
  const debounced = useMemo(
    () => (debouncedKey ? (JSON.parse(debouncedKey) as DuplicateCheckInput) : null),
    [debouncedKey],
  );
  const query = useDuplicates(key ? debounced : null);

  if (!request) return null;
  const waiting = key !== debouncedKey || query.isFetching;
  const matches = query.data ?? [];
  return (
    <Stack gap="xs" aria-live="polite" aria-busy={waiting} data-testid="duplicate-matches">
      {query.isError && !query.data ? (
        <Text size="sm" c="red">
          Could not check for duplicates. It will try again as you type.
        </Text>
      ) : !query.data ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Looking for existing clients…
          </Text>
        </Group>
      ) : matches.length === 0 ? (
        <Text size="sm" c="dimmed">
          No likely duplicates.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none', opacity: waiting ? 0.7 : 1 }}>
          {matches.map((match) => (
            <MatchCard key={match.clientId} match={match} onUseExisting={onUseExisting} />
          ))}
        </Stack>
      )}
      {waiting && query.data && (
        <Group gap={6}>
          <Loader size={12} />
          <Text size="xs" c="dimmed">
            Updating…
          </Text>
        </Group>
      )}
    </Stack>
  );
}
