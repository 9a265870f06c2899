import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { useAppointmentInfo } from '../api/get-appointment-info.ts';
import { BookAppointmentModal } from './book-appointment-modal.tsx';

export interface InquiryAppointmentPanelProps {
  inquiryId: string;
  clientId: string;
  autoText: boolean;
  lawTypeId?: string;
  /** The inquiry's current appointment (SPEC §4), if any. */
  appointmentId: string | null;
  /** Other features' actions beside Book appointment (app/ composes, e.g. Attorney availability). */
  extraActions?: ReactNode;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    weekday: 'short',
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The inquiry screen's appointment: the current one, Book (or Reschedule) and the availability drawer. */
export function InquiryAppointmentPanel({
  inquiryId,
  clientId,
  autoText,
  lawTypeId,
  appointmentId,
  extraActions,
}: InquiryAppointmentPanelProps) {
  const session = useSession();
  const mayBook = can(subjectOf(session), 'APPOINTMENT_SET', 'CREATE');
  const current = useAppointmentInfo(appointmentId);
  const [mode, setMode] = useState<'book' | 'reschedule' | null>(null);
  const row = current.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="inquiry-appointment-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="inquiry-appointment-title">
          Appointment
        </Title>
        {!appointmentId ? (
          <Text size="sm" c="dimmed" data-testid="inquiry-appointment">
            No appointment booked for this inquiry yet.
          </Text>
        ) : current.isPending ? (
          <Skeleton height={40} />
        ) : row ? (
          <Stack gap={2} data-testid="inquiry-appointment">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {when(row.appointmentDateTime)}
              </Text>
              <Badge variant="light" color="gray" size="sm">
                {row.appointmentLength} min
              </Badge>
              <Badge variant="light" size="sm">
                {row.stage}
              </Badge>
            </Group>
            <Text size="sm">
              {row.attorneyName} · {row.officeName} · {row.appointmentType}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" data-testid="inquiry-appointment">
            The current appointment could not be loaded.
          </Text>
        )}
        <Group gap="sm">
          {mayBook && (
            <Button size="xs" onClick={() => setMode('book')} data-testid="book-appointment">
              Book appointment
            </Button>
          )}
          {mayBook && row?.isActive && (
            <Button size="xs" variant="default" onClick={() => setMode('reschedule')}>
              Reschedule
            </Button>
          )}
          {extraActions}
        </Group>
      </Stack>
      <BookAppointmentModal
        opened={mode !== null}
        onClose={() => setMode(null)}
        inquiryId={inquiryId}
        clientId={clientId}
        autoText={autoText}
        {...(mode === 'reschedule' && row
          ? {
              appointmentId: row.id,
              attorneyId: row.attorneyId,
              initialDateTime: row.appointmentDateTime,
              initialLength: row.appointmentLength as 15 | 30 | 60,
            }
          : {})}
        {...(lawTypeId ? { lawTypeId } : {})}
      />
    </Paper>
  );
}
