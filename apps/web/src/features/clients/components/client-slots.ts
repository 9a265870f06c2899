import { createContext, type ComponentType, type ReactNode } from 'react';

/**
 * What other features add to the client screen. app/ fills it (DESIGN §2: a feature never imports
 * another; app/ composes them), so this feature only names the places.
 */
export interface ClientSlots {
  /** Beside the client's name: e.g. Send text and chat options (SMS). */
  HeaderActions?: ComponentType<{ clientId: string }>;
  /** The SMS tab; `fallback` is this screen's own list of the client's texts. */
  SmsPanel?: ComponentType<{ clientId: string; fallback: ReactNode }>;
  /** The Mail tab: the client's e-mails and letters, Send e-mail and Write letter (mail). */
  MailPanel?: ComponentType<{ client: { id: string; name: string; email: string | null; officeId: string | null } }>;
  /** Next to a phone number: click-to-call (calls). */
  CallButton?: ComponentType<{ clientId: string; phoneNumber?: string }>;
}

export const ClientSlotsContext = createContext<ClientSlots>({});
