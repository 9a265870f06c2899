import { Alert, Anchor, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { allowsRecord, applyRoleConditions, hasAccess } from '@casedesk/contract/access/permissions';
import type { AttorneySummary } from '@casedesk/contract/attorneys/attorney-list';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useSession, type Session } from '@/lib/session-context.ts';
import { useActiveDropdowns } from '@/lib/active-dropdowns.ts';
import { LoadError } from '@/components/load-error.tsx';
import { useAttorneySchedule } from '../api/get-attorney-schedule.ts';
import { useAttorneys } from '@/api/attorneys/list-attorneys.ts';
import { ArrowLeftIcon } from '@/components/icons.tsx';
import { HolidaysCard } from '../components/holidays-card.tsx';
import { ScheduleEditor } from '../components/schedule-editor.tsx';
import { ScheduleView } from '../components/schedule-view.tsx';

/**
 * Who may change the schedule, as the server decides it: ATTORNEY_SCHEDULE UPDATE, and either the
 * attorney's own schedule or one in an office that access reaches (SPEC §6 office condition).
 */
export function canEditSchedule(session: Session, attorney: AttorneySummary | undefined): boolean {
  const permissions = applyRoleConditions(session.permissions, session.user.role);
  if (!hasAccess(permissions, 'ATTORNEY_SCHEDULE', 'UPDATE')) return false;
  if (!attorney) return true;
  const own = attorney.email.toLowerCase() === session.user.mail.toLowerCase();
  return own || allowsRecord(permissions, 'ATTORNEY_SCHEDULE', 'UPDATE', { OFFICE: attorney.officeId });
}

function EditorSkeleton() {
  return (
    <Paper withBorder p="md" aria-busy="true" aria-label="Loading schedule">
      <Stack gap="sm">
        <Skeleton height={24} width={200} />
        <Skeleton height={16} width="60%" />
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Stack>
    </Paper>
  );
}

const values = (options: { value: string }[] | undefined) => (options ?? []).map((o) => o.value);

/** SPEC §2 /management/attorney/{attorneyId}: the attorney's weekly schedule editor and coming holidays. */
export function AttorneySchedulePage() {
  const { attorneyId = '' } = useParams();
  const session = useSession();
  const schedule = useAttorneySchedule(attorneyId);
  const attorneys = useAttorneys();
  const lawTypes = useActiveDropdowns('INQUIRY_LAW_TYPE');
  const jurisdictions = useActiveDropdowns('JURISDICTION');
  const summary = attorneys.data?.items.find((a) => a.id === attorneyId);
  const name = schedule.data?.attorneyName ?? summary?.name;
  useDocumentTitle(`${name ?? 'Attorney'} · Casedesk`);
  const editable = canEditSchedule(session, summary);
  const notFound = schedule.isError && isApiError(schedule.error) && [400, 404].includes(schedule.error.status);

  return (
    <Stack gap="md" maw={1600} mx="auto">
      <Anchor component={Link} to={paths.management.attorney.href()} size="sm" w="fit-content">
        <Group gap={4} component="span">
          <ArrowLeftIcon size={14} />
          Attorneys
        </Group>
      </Anchor>
      <Stack gap={4}>
        {name ? <Title order={1}>{name}</Title> : <Skeleton height={32} width={260} />}
        {summary && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {[summary.officeName, summary.lawType, summary.jurisdiction].filter(Boolean).join(' · ')}
            </Text>
            {summary.isLitigation && (
              <Badge variant="light" radius="sm">
                Litigation
              </Badge>
            )}
          </Group>
        )}
      </Stack>
      {notFound ? (
        <Alert color="red" variant="light" title="Attorney not found">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">This attorney does not exist or is not in one of your offices.</Text>
            <Button component={Link} to={paths.management.attorney.href()} size="xs" variant="default">
              Back to attorneys
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 9 }}>
            {schedule.isError ? (
              <LoadError title="The schedule could not be loaded" onRetry={() => void schedule.refetch()} />
            ) : !schedule.data || attorneys.isPending ? (
              <EditorSkeleton />
            ) : editable ? (
              <ScheduleEditor
                attorneyId={attorneyId}
                schedule={schedule.data}
                lawTypes={values(lawTypes.data)}
                jurisdictions={values(jurisdictions.data)}
              />
            ) : (
              <ScheduleView schedule={schedule.data} />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 3 }}>
            <HolidaysCard
              officeId={attorneys.isPending ? undefined : (summary?.officeId ?? null)}
              officeName={summary?.officeName}
            />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
