import { Box, Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { APPOINTMENT_LINK_MESSAGES } from '@casedesk/contract/appointments/appointment-link';
import { isApiError } from '@/lib/api-error.ts';
import { useAppointmentDetail } from '../api/get-appointment-detail.ts';
import {
  AppointmentDetailCard,
  AppointmentDetailSkeleton,
  AppointmentLinkProblem,
} from '../components/appointment-detail-card.tsx';

const TRY_AGAIN = 'We could not load your appointment just now. Please try again in a minute.';

/** What went wrong, in plain words: the link's own message for a 404, else a try-again. */
function problemOf(error: unknown): string {
  if (isApiError(error) && error.status === 404) return APPOINTMENT_LINK_MESSAGES.invalid;
  return TRY_AGAIN;
}

/**
 * SPEC §2 /pnc and /appt-detail (no sign-in): the appointment a client opens from a text message,
 * through the signed, expiring token in its query string.
 */
export function AppointmentDetailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const detail = useAppointmentDetail(token);

  let content;
  if (!token) content = <AppointmentLinkProblem message={APPOINTMENT_LINK_MESSAGES.invalid} />;
  else if (detail.isPending) content = <AppointmentDetailSkeleton />;
  else if (detail.isError) content = <AppointmentLinkProblem message={problemOf(detail.error)} />;
  else content = <AppointmentDetailCard detail={detail.data} />;

  return (
    <Box
      component="main"
      mih="100vh"
      py={{ base: 'md', sm: 48 }}
      px="md"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
    >
      <title>Your appointment</title>
      <Container size={520} p={0}>
        {content}
      </Container>
    </Box>
  );
}
