import { createContext, type ComponentType } from 'react';
import type { InquiryDetail } from '@casedesk/contract/inquiries/inquiry';

/**
 * What other features add to the inquiry screen. app/ fills it (DESIGN §2: a feature never imports
 * another; app/ composes them), so this feature only names the places.
 */
export interface InquirySlots {
  /** Beside Export PDF on a saved inquiry: e.g. Text and the chat options (SMS). */
  HeaderActions?: ComponentType<{ inquiryId: string; clientId: string | null }>;
  /** In the client section of a saved inquiry: click-to-call its client's numbers (calls). */
  CallButton?: ComponentType<{ inquiryId: string }>;
  /** Above the side panels of a saved inquiry: its appointment, Book and Attorney availability (appointments). */
  Appointment?: ComponentType<{ inquiry: InquiryDetail }>;
}

export const InquirySlotsContext = createContext<InquirySlots>({});
