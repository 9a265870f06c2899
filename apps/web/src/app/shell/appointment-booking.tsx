import { Button } from '@mantine/core';
import { useState } from 'react';
import type { InquiryDetail } from '@casedesk/contract/inquiries/inquiry';
import { BookAppointmentModal } from '@/features/appointments/components/book-appointment-modal.tsx';
import { CalendarModal } from '@/features/appointments/components/calendar/calendar-modal.tsx';
import { InquiryAppointmentPanel } from '@/features/appointments/components/inquiry-appointment-panel.tsx';
import {
  AttorneyAvailabilityDrawer,
  type AttorneyAvailabilityDrawerProps,
} from '@/features/attorneys/components/attorney-availability-drawer.tsx';
import {
  AvailabilityPartsContext,
  type AvailabilityInquiry,
  type AvailabilityParts,
} from '@/features/attorneys/components/availability-parts.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';

/** DESIGN §2: app/ lends the availability drawer the appointments feature's book modal and calendar. */
const PARTS: AvailabilityParts = {
  BookSlot: ({ opened, onClose, inquiry, attorneyId, startIso, appointmentLength, onBooked }) => (
    <BookAppointmentModal
      opened={opened}
      onClose={onClose}
      inquiryId={inquiry.inquiryId}
      clientId={inquiry.clientId}
      autoText={inquiry.autoText}
      attorneyId={attorneyId}
      initialDateTime={startIso}
      initialLength={appointmentLength}
      onBooked={onBooked}
      {...(inquiry.lawTypeId ? { lawTypeId: inquiry.lawTypeId } : {})}
    />
  ),
  AttorneyCalendar: ({ opened, onClose, attorneyId, attorneyName }) => (
    <CalendarModal opened={opened} onClose={onClose} attorneyId={attorneyId} attorneyName={attorneyName} readOnly />
  ),
};

/** The Attorney Availability drawer with booking and calendars (quick action and inquiry screen). */
export function AvailabilityDrawerWithBooking(props: AttorneyAvailabilityDrawerProps) {
  return (
    <AvailabilityPartsContext value={PARTS}>
      <AttorneyAvailabilityDrawer {...props} />
    </AvailabilityPartsContext>
  );
}

function AvailabilityButton({ inquiry }: { inquiry: AvailabilityInquiry }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpened(true)} data-testid="open-availability">
        Attorney availability
      </Button>
      <AvailabilityDrawerWithBooking opened={opened} onClose={() => setOpened(false)} inquiry={inquiry} />
    </>
  );
}

/** The inquiry screen's appointment panel (SPEC §2/§4): current appointment, Book, Attorney availability. */
export function InquiryAppointmentSlot({ inquiry }: { inquiry: InquiryDetail }) {
  const session = useSession();
  if (!inquiry.clientId) return null;
  const context: AvailabilityInquiry = {
    inquiryId: inquiry.id,
    clientId: inquiry.clientId,
    autoText: inquiry.client?.autoText ?? false,
    ...(inquiry.lawType ? { lawTypeId: inquiry.lawType.id } : {}),
  };
  return (
    <InquiryAppointmentPanel
      inquiryId={inquiry.id}
      clientId={inquiry.clientId}
      autoText={context.autoText}
      appointmentId={inquiry.appointments[0]?.id ?? null}
      {...(context.lawTypeId ? { lawTypeId: context.lawTypeId } : {})}
      extraActions={can(subjectOf(session), 'ATTORNEY_AVAILABILITY') ? <AvailabilityButton inquiry={context} /> : null}
    />
  );
}
