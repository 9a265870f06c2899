import { Anchor, Button, Divider, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PublicAppointmentDetail } from '@casedesk/contract/appointments/appointment-link';
import { CalendarClockIcon, CalendarIcon, LockIcon, MapPinIcon, UserIcon, VideoIcon } from '@/components/icons.tsx';

/** Only web links become links: whatever else was stored as a Zoom link is not made clickable. */
const isWebLink = (value: string) => /^https?:\/\//i.test(value);

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <ThemeIcon size={36} radius="md" variant="light" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {label}
        </Text>
        <Text size="md" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </Stack>
    </Group>
  );
}

function CardFrame({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }} w="100%">
      {children}
    </Paper>
  );
}

/** The appointment as its client sees it: date, time, office address, attorney and the Zoom link. */
export function AppointmentDetailCard({ detail }: { detail: PublicAppointmentDetail }) {
  const zoom = detail.zoomLink && isWebLink(detail.zoomLink) ? detail.zoomLink : null;
  return (
    <CardFrame>
      <Stack gap="lg">
        <div>
          <Text size="sm" fw={500} c="dimmed">
            {detail.officeName}
          </Text>
          <Title order={1}>Your appointment</Title>
        </div>
        <Divider />
        <Stack gap="md">
          <DetailRow icon={<CalendarIcon size={18} />} label="Date">
            {detail.date}
          </DetailRow>
          <DetailRow icon={<CalendarClockIcon size={18} />} label="Time">
            {detail.time}
            <Text span c="dimmed" size="sm" fw={400}>
              {' '}
              · {detail.length} minutes
            </Text>
          </DetailRow>
          <DetailRow icon={<MapPinIcon size={18} />} label="Office">
            {detail.officeName}
            {detail.officeAddress && (
              <Text span display="block" size="sm" fw={400}>
                {detail.officeAddress}
              </Text>
            )}
          </DetailRow>
          <DetailRow icon={<UserIcon size={18} />} label="Attorney">
            {detail.attorneyName}
          </DetailRow>
          {zoom && (
            <DetailRow icon={<VideoIcon size={18} />} label="Zoom">
              <Anchor href={zoom} target="_blank" rel="noopener noreferrer" size="sm" fw={400}>
                {zoom}
              </Anchor>
            </DetailRow>
          )}
        </Stack>
        {zoom && (
          <Button component="a" href={zoom} target="_blank" rel="noopener noreferrer" size="md" fullWidth>
            Join Zoom meeting
          </Button>
        )}
      </Stack>
    </CardFrame>
  );
}

/** The card's shape while the appointment loads. */
export function AppointmentDetailSkeleton() {
  return (
    <CardFrame>
      <Stack gap="lg" role="status" aria-live="polite" aria-label="Loading your appointment">
        <div>
          <Skeleton h={14} w={120} mb={8} />
          <Skeleton h={28} w={220} />
        </div>
        <Divider />
        {[0, 1, 2, 3, 4].map((row) => (
          <Group key={row} gap="md" wrap="nowrap">
            <Skeleton h={36} w={36} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={10} w={70} />
              <Skeleton h={16} w="60%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    </CardFrame>
  );
}

/** A link that shows nothing: the server's plain words (wrong, tampered, expired, cancelled). */
export function AppointmentLinkProblem({ message }: { message: string }) {
  return (
    <CardFrame>
      <Stack align="center" gap="md" py="md" role="alert">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden="true">
          <LockIcon size={22} />
        </ThemeIcon>
        <Title order={1} ta="center">
          Appointment not available
        </Title>
        <Text ta="center" size="md">
          {message}
        </Text>
        <Text ta="center" size="sm" c="dimmed">
          Please contact the office that sent you this link for your appointment details.
        </Text>
      </Stack>
    </CardFrame>
  );
}
