import { createContext, type ComponentType } from 'react';
import type { AppointmentLength } from '@casedesk/contract/appointments/slots';

/** The inquiry the drawer books for (SPEC §2: opened from the inquiry screen). */
export interface AvailabilityInquiry {
  inquiryId: string;
  clientId: string;
  autoText: boolean;
  lawTypeId?: string;
}

export interface BookSlotProps {
  opened: boolean;
  onClose(): void;
  inquiry: AvailabilityInquiry;
  attorneyId: string;
  startIso: string;
  appointmentLength: AppointmentLength;
  onBooked(): void;
}

export interface AttorneyCalendarProps {
  opened: boolean;
  onClose(): void;
  attorneyId: string;
  attorneyName: string;
}

/**
 * What other features lend the drawer: the book modal and the attorney's calendar (appointments). app/
 * fills it (DESIGN §2: a feature never imports another), so this feature only names the places.
 */
export interface AvailabilityParts {
  BookSlot?: ComponentType<BookSlotProps>;
  AttorneyCalendar?: ComponentType<AttorneyCalendarProps>;
}

export const AvailabilityPartsContext = createContext<AvailabilityParts>({});
