import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useContext } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { CLIENT_PHONE_FIELDS, clientDisplayName, type ClientDetail } from '@casedesk/contract/clients/client';
import { formatDateInput } from '@casedesk/contract/common/field-rules';
import { formatPhone, labelFromFieldName } from '@casedesk/contract/common/text';
import { LoadError } from '@/components/load-error.tsx';
import { paths } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session-context.ts';
import { useClientDetails } from '@/api/clients/client-details.ts';
import { useClientLead } from '../api/get-client-lead.ts';
import { ClientProfileForm } from '../components/client-profile-form.tsx';
import { ClientSlotsContext } from '../components/client-slots.ts';
import { ClientTabs } from '../components/client-tabs.tsx';

interface DetailState {
  /** Set when we arrived here from a merged-away client's address. */
  mergedFrom?: string;
  /** Set right after a merge made this the survivor. */
  merged?: boolean;
}

function ClientHeader({ client }: { client: ClientDetail }) {
  const lead = useClientLead(client.id);
  const navigate = useNavigate();
  const { HeaderActions, CallButton } = useContext(ClientSlotsContext);
  const phones = CLIENT_PHONE_FIELDS.filter((field) => client[field]);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={6}>
          <Title order={1} data-testid="client-name">
            {clientDisplayName(client)}
          </Title>
          <Group gap="lg" wrap="wrap">
            {phones.map((field) => (
              <Group gap={4} key={field} wrap="nowrap">
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    {labelFromFieldName(field)}:{' '}
                  </Text>
                  {formatPhone(client[field])}
                </Text>
                {CallButton && <CallButton clientId={client.id} phoneNumber={client[field] ?? undefined} />}
              </Group>
            ))}
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                DOB:{' '}
              </Text>
              {client.dateOfBirth ? formatDateInput(client.dateOfBirth) : '—'}
            </Text>
            {client.lmsClientNumber && <Badge variant="light">LMS {client.lmsClientNumber}</Badge>}
            {!client.autoText && (
              // A deeper orange than the theme's: its orange shades fail WCAG AA contrast as badge text.
              <Badge variant="outline" color="#a3400b">
                Auto text off
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="sm" wrap="wrap">
          {HeaderActions && <HeaderActions clientId={client.id} />}
          {lead.data?.inquiryId && (
            <Button variant="light" onClick={() => navigate(paths.communication.lead.href(lead.data.inquiryId!))}>
              Open lead
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** SPEC §2 /client/{clientId}: header, profile, address and the client's lists. */
export function ClientDetailPage() {
  const { clientId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as DetailState;
  const session = useSession();
  const details = useClientDetails(clientId);
  const profile = details.data?.profile;
  useDocumentTitle(profile ? `${clientDisplayName(profile)} · Casedesk` : 'Client · Casedesk');

  if (details.isPending) {
    return (
      <Group justify="center" p="xl" data-testid="client-loading">
        <Loader />
      </Group>
    );
  }
  if (details.isError) {
    if (!(isApiError(details.error) && details.error.status === 404)) {
      return <LoadError title="The client could not be loaded" onRetry={() => void details.refetch()} />;
    }
    return (
      <Alert color="yellow" variant="light" title="Client not found">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">This client does not exist or belongs to an office you cannot see.</Text>
          <Anchor component={Link} to={paths.management.searchClient.href()} size="sm">
            Search clients
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const client = details.data.profile;
  // A merged-away record is history: go to the survivor, saying why.
  if (client.mergedIntoId) {
    return (
      <Navigate
        to={paths.client.detail.href(client.mergedIntoId)}
        replace
        state={{ mergedFrom: clientDisplayName(client) } satisfies DetailState}
      />
    );
  }
  return (
    <Stack gap="md" maw={1600} mx="auto">
      {state.mergedFrom && (
        <Alert color="blue" variant="light" data-testid="merged-notice">
          {state.mergedFrom} was merged into this client; you are seeing the merged record.
        </Alert>
      )}
      {state.merged && (
        <Alert color="green" variant="light" data-testid="merged-notice">
          Clients have been merged successfully. Their inquiries, calls and texts are now listed here.
        </Alert>
      )}
      <ClientHeader client={client} />
      <ClientProfileForm client={client} editable={can(subjectOf(session), 'CLIENT_PROFILE', 'UPDATE')} />
      <ClientTabs details={details.data} onOpenInquiry={(id) => navigate(paths.communication.lead.href(id))} />
    </Stack>
  );
}
