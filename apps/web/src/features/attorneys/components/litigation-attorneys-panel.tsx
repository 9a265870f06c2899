import { ActionIcon, Alert, Button, Group, Paper, Select, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import type { LitigationAttorneyOption } from '@casedesk/contract/calendar/litigation';
import { useAttorneys } from '@/api/attorneys/list-attorneys.ts';
import { CloseIcon } from '@/components/icons.tsx';
import { useMarkLitigationAttorney } from '../api/mark-litigation-attorney.ts';

export interface LitigationAttorneysPanelProps {
  attorneys: LitigationAttorneyOption[] | undefined;
  loading: boolean;
  /** LITIGATION_CALENDAR UPDATE: may add and remove. */
  canManage: boolean;
  /** ATTORNEY_SCHEDULE READ: may list the attorneys to choose from. */
  canListAttorneys: boolean;
}

/** The attorneys shown on the litigation calendar, with add (saveLitigationAttorney) and remove. */
export function LitigationAttorneysPanel({
  attorneys,
  loading,
  canManage,
  canListAttorneys,
}: LitigationAttorneysPanelProps) {
  const all = useAttorneys(canManage && canListAttorneys);
  const mark = useMarkLitigationAttorney();
  const [chosen, setChosen] = useState<string | null>(null);

  const candidates = useMemo(
    () =>
      (all.data?.items ?? [])
        .filter((a) => !a.isLitigation && !attorneys?.some((l) => l.id === a.id))
        .map((a) => ({ value: a.id, label: `${a.name} · ${a.officeName}` })),
    [all.data, attorneys],
  );

  const change = (attorneyId: string, isLitigation: boolean, name: string) =>
    mark.mutate(
      { attorneyId, isLitigation },
      {
        onSuccess: () => {
          if (isLitigation) setChosen(null);
          notifications.show({
            color: 'teal',
            message: isLitigation
              ? `${name} added to the litigation calendar`
              : `${name} removed from the litigation calendar`,
          });
        },
      },
    );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="litigation-attorneys-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="litigation-attorneys-title">
          Litigation attorneys
        </Title>
        {loading ? (
          <Stack gap={6} data-testid="litigation-attorneys-loading">
            <Skeleton height={28} />
            <Skeleton height={28} />
            <Skeleton height={28} />
          </Stack>
        ) : attorneys && attorneys.length > 0 ? (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Litigation attorneys">
            {attorneys.map((a) => (
              <Group key={a.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate>
                  {a.name}
                </Text>
                {canManage ? (
                  <Tooltip label="Remove from the litigation calendar" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={`Remove ${a.name}`}
                      loading={mark.isPending && mark.variables?.attorneyId === a.id}
                      onClick={() => change(a.id, false, a.name)}
                    >
                      <CloseIcon />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No litigation attorneys yet.
          </Text>
        )}
        {canManage && canListAttorneys ? (
          <Stack gap={6}>
            <Select
              label="Add an attorney"
              placeholder={all.isLoading ? 'Loading attorneys…' : 'Choose an attorney'}
              data={candidates}
              value={chosen}
              onChange={setChosen}
              searchable
              nothingFoundMessage="No other attorney"
              disabled={all.isLoading}
            />
            <Button
              variant="light"
              disabled={!chosen}
              loading={mark.isPending && mark.variables?.isLitigation === true}
              onClick={() => {
                const attorney = candidates.find((c) => c.value === chosen);
                if (attorney) change(attorney.value, true, attorney.label.split(' · ')[0]!);
              }}
            >
              Add to litigation calendar
            </Button>
            {all.isError ? (
              <Alert color="red" p="xs">
                The attorney list could not be loaded.
              </Alert>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
