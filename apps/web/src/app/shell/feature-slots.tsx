import { lazy, Suspense, type ReactNode } from 'react';
import { ClientSlotsContext, type ClientSlots } from '@/features/clients/components/client-slots.ts';
import { CollectionSlotsContext, type CollectionSlots } from '@/features/collections/components/collection-slots.ts';
import { InquirySlotsContext, type InquirySlots } from '@/features/inquiries/components/inquiry-slots.ts';

// Loaded when a client or inquiry screen first shows them, never with the first screen (DESIGN §4).
const TextActions = lazy(() =>
  import('@/features/sms/components/text-actions.tsx').then((m) => ({ default: m.TextActions })),
);
const ClickToCallButton = lazy(() =>
  import('@/features/calls/components/click-to-call-button.tsx').then((m) => ({ default: m.ClickToCallButton })),
);
const InquiryAppointmentSlot = lazy(() =>
  import('./appointment-booking.tsx').then((m) => ({ default: m.InquiryAppointmentSlot })),
);
const SendTextButton = lazy(() =>
  import('@/features/sms/components/send-text-button.tsx').then((m) => ({ default: m.SendTextButton })),
);
const ClientSmsPanel = lazy(() =>
  import('@/features/sms/components/client-sms-panel.tsx').then((m) => ({ default: m.ClientSmsPanel })),
);

const ClientMailPanel = lazy(() =>
  import('@/features/mail/components/client-mail-panel.tsx').then((m) => ({ default: m.ClientMailPanel })),
);

const AccountDraftsPanel = lazy(() =>
  import('@/features/mail/components/account-drafts-panel.tsx').then((m) => ({ default: m.AccountDraftsPanel })),
);

const CLIENT_SLOTS: ClientSlots = {
  HeaderActions: ({ clientId }) => (
    <Suspense fallback={null}>
      <TextActions clientId={clientId} />
    </Suspense>
  ),
  SmsPanel: ({ clientId, fallback }) => (
    <Suspense fallback={fallback}>
      <ClientSmsPanel clientId={clientId} fallback={fallback} />
    </Suspense>
  ),
  MailPanel: ({ client }) => (
    <Suspense fallback={null}>
      <ClientMailPanel client={client} />
    </Suspense>
  ),
  CallButton: ({ clientId, phoneNumber }) => (
    <Suspense fallback={null}>
      <ClickToCallButton clientId={clientId} {...(phoneNumber ? { phoneNumber } : {})} />
    </Suspense>
  ),
};

const INQUIRY_SLOTS: InquirySlots = {
  HeaderActions: ({ inquiryId, clientId }) => (
    <Suspense fallback={null}>
      <TextActions clientId={clientId} inquiryId={inquiryId} />
    </Suspense>
  ),
  CallButton: ({ inquiryId }) => (
    <Suspense fallback={null}>
      <ClickToCallButton inquiryId={inquiryId} variant="button" />
    </Suspense>
  ),
  Appointment: ({ inquiry }) => (
    <Suspense fallback={null}>
      <InquiryAppointmentSlot inquiry={inquiry} />
    </Suspense>
  ),
};

/** The texts a collection account's client is sent are in the collection categories (SPEC §6 SMS_CATEGORY_TYPE). */
const COLLECTION_SMS_CATEGORY_TYPES = ['COLLECTIONS'] as const;

const COLLECTION_SLOTS: CollectionSlots = {
  CallButton: ({ clientId, collectionAccountId, phoneNumber }) => (
    <Suspense fallback={null}>
      <ClickToCallButton
        variant="button"
        clientId={clientId}
        collectionAccountId={collectionAccountId}
        {...(phoneNumber ? { phoneNumber } : {})}
      />
    </Suspense>
  ),
  SendTextButton: ({ clientId, collectionAccountId, phoneNumber }) => (
    <Suspense fallback={null}>
      <SendTextButton
        clientId={clientId}
        collectionAccountId={collectionAccountId}
        categoryGroupTypes={COLLECTION_SMS_CATEGORY_TYPES}
        {...(phoneNumber ? { phoneNumber } : {})}
      />
    </Suspense>
  ),
  LettersPanel: ({ client, collectionAccountId }) => (
    <Suspense fallback={null}>
      <ClientMailPanel client={client} collectionAccountId={collectionAccountId} />
    </Suspense>
  ),
  DraftsPanel: ({ client, collectionAccountId }) => (
    <Suspense fallback={null}>
      <AccountDraftsPanel client={client} collectionAccountId={collectionAccountId} />
    </Suspense>
  ),
};

/**
 * DESIGN §2: app/ composes features; the client, inquiry and collection account screens get other features'
 * parts from here.
 */
export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <ClientSlotsContext value={CLIENT_SLOTS}>
      <InquirySlotsContext value={INQUIRY_SLOTS}>
        <CollectionSlotsContext value={COLLECTION_SLOTS}>{children}</CollectionSlotsContext>
      </InquirySlotsContext>
    </ClientSlotsContext>
  );
}
