import { Alert, Drawer, Group, Loader, Text } from '@mantine/core';
import { useMemo } from 'react';
import { LoadError } from '@/components/load-error.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useClient } from '@/api/clients/client.ts';
import { useInquiry } from '@/api/inquiries/inquiry.ts';
import { useSms } from '../api/get-sms.ts';
import { useSmsOffices } from '@/api/dropdowns/sms-offices.ts';
import { closeTextDrawer, useTextDrawer, type TextDrawerTarget } from '../text-drawer-store.ts';
import { TextForm } from './text-form.tsx';
import { valuesForAdd, valuesForMessage } from './text-form-values.ts';
import { useSmsAccess } from './use-sms-access.ts';

function Loading({ label }: { label: string }) {
  return (
    <Group justify="center" py="xl" data-testid="text-drawer-loading">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}

function NotFound() {
  return (
    <Alert color="red" variant="light" title="Text message not found">
      <Text size="sm">It may have been removed, or it belongs to an office you cannot see.</Text>
    </Alert>
  );
}

/** SPEC §4 edit mode: the form answers the text it was opened on (from a notification or a list row). */
function EditText({ smsId, offices }: { smsId: string; offices: ReturnType<typeof useSmsOffices> }) {
  const message = useSms(smsId);
  const officeList = useMemo(() => offices.data ?? [], [offices.data]);
  const defaults = useMemo(
    () => (message.data ? valuesForMessage(message.data, officeList) : null),
    [message.data, officeList],
  );
  if (message.isPending || offices.isLoading) return <Loading label="Loading text…" />;
  if (message.isError || !defaults) {
    if (isApiError(message.error) && message.error.status === 404) return <NotFound />;
    return <LoadError title="The text could not be loaded" onRetry={() => void message.refetch()} />;
  }
  const [first, ...rest] = (message.data.clientName ?? '').split(' ');
  return (
    <TextForm
      defaultValues={defaults}
      offices={{ data: officeList, loading: false, failed: offices.isError }}
      initialClient={message.data.clientName ? { firstName: first ?? '', lastName: rest.join(' ') } : null}
      openedMessage={message.data}
      onDone={closeTextDrawer}
    />
  );
}

/** SPEC §4 add mode: empty, or prefilled for the client, lead or number it was opened for. */
function AddText({ target, offices }: { target: TextDrawerTarget; offices: ReturnType<typeof useSmsOffices> }) {
  const inquiry = useInquiry(target.inquiryId);
  const clientId = target.clientId ?? inquiry.data?.clientId ?? null;
  const client = useClient(clientId);
  const officeList = useMemo(() => offices.data ?? [], [offices.data]);
  const resolvedClient = client.data ?? inquiry.data?.client ?? null;
  const defaults = useMemo(
    () =>
      valuesForAdd(
        {
          client: resolvedClient,
          inquiryId: target.inquiryId ?? null,
          phoneNumber: target.phoneNumber,
          collectionAccountId: target.collectionAccountId ?? null,
        },
        officeList,
      ),
    [resolvedClient, target.inquiryId, target.phoneNumber, target.collectionAccountId, officeList],
  );
  // A lead or client that cannot be read still leaves an empty form to type into (SPEC §8: inquiry failures are only logged).
  if (inquiry.isLoading || client.isLoading || offices.isLoading) return <Loading label="Preparing the text…" />;
  return (
    <TextForm
      defaultValues={defaults}
      offices={{ data: officeList, loading: false, failed: offices.isError }}
      initialClient={resolvedClient}
      categoryGroupTypes={target.categoryGroupTypes}
      onDone={closeTextDrawer}
    />
  );
}

/**
 * SPEC §2 Text Message drawer, one per app (the shell mounts it on first use). Every opening starts
 * a fresh form (keyed by the store's open count).
 */
export function TextDrawer() {
  const { opened, target, openCount } = useTextDrawer();
  const access = useSmsAccess();
  // SPEC §6: the office list needs SMS CREATE; a reader opening a text from a notification still sees it.
  const offices = useSmsOffices({ enabled: access.create });
  const editing = Boolean(target.smsId);
  return (
    <Drawer
      opened={opened}
      onClose={closeTextDrawer}
      title={editing ? 'Text Message' : 'Send Text Message'}
      position="right"
      size="xl"
      padding="md"
      data-testid="text-drawer"
      data-mode={editing ? 'edit' : 'add'}
    >
      {/* Kept while the drawer animates closed; a new opening remounts it. */}
      {openCount > 0 &&
        (target.smsId ? (
          <EditText key={openCount} smsId={target.smsId} offices={offices} />
        ) : (
          <AddText key={openCount} target={target} offices={offices} />
        ))}
    </Drawer>
  );
}
