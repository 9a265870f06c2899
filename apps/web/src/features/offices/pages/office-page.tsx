import { Alert, Anchor, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link, useParams } from 'react-router';
import { HolidaysEditor } from '@/components/calendar/holidays-editor.tsx';
import { ArrowLeftIcon } from '@/components/icons.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session-context.ts';
import { useOffice } from '../api/get-office.ts';
import { useUpdateOffice } from '../api/update-office.ts';
import { canUpdateOffice } from '../components/office-access.ts';
import { OfficeForm } from '../components/office-form.tsx';
import { INACTIVE_OFFICE_KEEPS, OFFICE_TYPE_LABELS } from '../components/office-labels.ts';
import { OfficeStaffSections } from '../components/office-staff-sections.tsx';
import { OfficeStatusCard } from '../components/office-status-card.tsx';

export const OFFICE_SAVED_MESSAGE = 'Office has been updated successfully';

function FormSkeleton() {
  return (
    <Paper withBorder p="md" aria-busy="true" aria-label="Loading office">
      <Stack gap="sm">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    </Paper>
  );
}

/** SPEC §2 /management/office/{officeId}: the office's details, status, holidays, attorneys, users and lines. */
export function OfficePage() {
  const { officeId = '' } = useParams();
  const session = useSession();
  const office = useOffice(officeId);
  const update = useUpdateOffice(officeId);
  useDocumentTitle(`${office.data?.name ?? 'Office'} · Casedesk`);
  const editable = canUpdateOffice(session, officeId);
  const notFound = office.isError && isApiError(office.error) && [400, 404].includes(office.error.status);

  return (
    <Stack gap="md" maw={1600} mx="auto">
      <Anchor component={Link} to={paths.management.office.href()} size="sm" w="fit-content">
        <Group gap={4} component="span">
          <ArrowLeftIcon size={14} />
          Offices
        </Group>
      </Anchor>
      <Stack gap={4}>
        {office.data ? <Title order={1}>{office.data.name}</Title> : <Skeleton height={32} width={260} />}
        {office.data && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {[OFFICE_TYPE_LABELS[office.data.officeType], office.data.city, office.data.timeZone]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {office.data.status === 'INACTIVE' && (
              <Badge variant="light" color="gray" radius="sm">
                Inactive
              </Badge>
            )}
          </Group>
        )}
      </Stack>
      {notFound ? (
        <Alert color="red" variant="light" title="Office not found">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">This office does not exist or is not one of your offices.</Text>
            <Button component={Link} to={paths.management.office.href()} size="xs" variant="default">
              Back to offices
            </Button>
          </Stack>
        </Alert>
      ) : office.isError ? (
        <LoadError title="The office could not be loaded" onRetry={() => void office.refetch()} />
      ) : !office.data ? (
        <FormSkeleton />
      ) : (
        <>
          {office.data.status === 'INACTIVE' && (
            <Alert color="gray" variant="light" title="This office is inactive">
              {INACTIVE_OFFICE_KEEPS} It takes no new bookings, texts or calls.
            </Alert>
          )}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Paper withBorder p="md" component="section" aria-labelledby="office-details-title">
                <Stack gap="sm">
                  <Title order={2} size="h4" id="office-details-title">
                    Details
                  </Title>
                  <OfficeForm
                    key={office.data.id}
                    office={office.data}
                    submitLabel="Save changes"
                    readOnly={!editable}
                    save={update.mutateAsync}
                    onSaved={() => notifications.show({ color: 'teal', message: OFFICE_SAVED_MESSAGE })}
                  />
                </Stack>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="md">
                <OfficeStatusCard office={office.data} editable={editable} />
                <HolidaysEditor officeId={office.data.id} editable={editable} />
              </Stack>
            </Grid.Col>
          </Grid>
          <OfficeStaffSections office={office.data} editable={editable} />
        </>
      )}
    </Stack>
  );
}
