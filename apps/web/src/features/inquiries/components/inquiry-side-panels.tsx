import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import type { TypedPerson } from '../api/find-duplicates.ts';
import { DuplicateMatchesPanel } from './duplicate-matches-panel.tsx';
import type { InquiryControl } from './inquiry-form-values.ts';
import { PotentialConflictsTable } from './potential-conflicts-table.tsx';

interface InquirySidePanelsProps {
  control: InquiryControl;
  inquiryId: string | null;
  onUseExisting: (clientId: string) => void;
}

const text = (value: string | null | undefined) => value ?? '';
const filled = (values: (string | null | undefined)[]) => values.filter((v): v is string => Boolean(v));

/**
 * The right-hand column (stacked below on narrow screens): likely duplicates of the client being
 * typed and potential conflicts of interest (SPEC §2 potential conflicts), fed with the live form values.
 */
export function InquirySidePanels({ control, inquiryId, onUseExisting }: InquirySidePanelsProps) {
  const client = useWatch({ control, name: 'client' });
  const party = useWatch({ control, name: 'intakeOpposingParty' });
  const clientId = useWatch({ control, name: 'clientId' });
  const clientPerson = useMemo<TypedPerson>(
    () => ({
      firstName: text(client.firstName),
      middleName: text(client.middleName),
      lastName: text(client.lastName),
      dateOfBirth: text(client.dateOfBirth),
      phones: filled([client.primaryNumber, client.mobileNumber, client.homeNumber, client.secondaryNumber]),
      email: text(client.email),
      lmsClientNumber: text(client.lmsClientNumber),
    }),
    [client],
  );
  const partyPerson = useMemo<TypedPerson>(
    () => ({
      firstName: text(party.firstName),
      middleName: text(party.middleName),
      lastName: text(party.lastName),
      dateOfBirth: text(party.dateOfBirth),
      phones: filled([party.phoneNumber]),
      lmsClientNumber: text(party.lmsClientNumber),
    }),
    [party],
  );
  return (
    <Stack gap="md" data-testid="inquiry-side-panels">
      <Paper withBorder p="md" component="section" aria-labelledby="duplicates-title">
        <Stack gap="xs">
          <Title order={2} size="h5" id="duplicates-title">
            Possible duplicates
          </Title>
          <Text size="xs" c="dimmed">
            Existing clients like the one being typed (name, date of birth, phone, email).
          </Text>
          <DuplicateMatchesPanel
            firstName={clientPerson.firstName}
            lastName={clientPerson.lastName}
            dateOfBirth={clientPerson.dateOfBirth}
            phones={clientPerson.phones}
            email={clientPerson.email}
            excludeClientId={clientId ?? null}
            onUseExisting={onUseExisting}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="conflicts-title">
        <Stack gap="xs">
          <Title order={2} size="h5" id="conflicts-title">
            Potential conflicts
          </Title>
          <Text size="xs" c="dimmed">
            Clients and other inquiries’ opposing parties matching the client or the opposing party.
          </Text>
          <PotentialConflictsTable client={clientPerson} opposingParty={partyPerson} inquiryId={inquiryId} />
        </Stack>
      </Paper>
    </Stack>
  );
}
