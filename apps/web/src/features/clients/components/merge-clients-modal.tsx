import { Button, Group, Loader, Modal, Radio, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import {
  CLIENT_PHONE_FIELDS,
  clientDisplayName,
  type ClientDetail,
  type ClientFieldName,
} from '@casedesk/contract/clients/client';
import { differingFields, type MergeFieldChoices } from '@casedesk/contract/clients/client-merge';
import { formatDateInput } from '@casedesk/contract/common/field-rules';
import { formatPhone, labelFromFieldName } from '@casedesk/contract/common/text';
import { LoadError } from '@/components/load-error.tsx';
import { useClient } from '@/api/clients/client.ts';
import { useMergeClients } from '../api/merge-clients.ts';

type Side = 0 | 1;

export interface MergeClientsModalProps {
  clientIds: [string, string];
  onClose: () => void;
  onMerged: (survivorId: string) => void;
}

const PHONES = new Set<string>(CLIENT_PHONE_FIELDS);

/** A field's value as people read it: phones (###) ###-####, dates MM-dd-yyyy (SPEC §5). */
function shown(client: ClientDetail, field: ClientFieldName): string {
  const value = client[field];
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (!value) return '—';
  if (PHONES.has(field)) return formatPhone(value);
  return field === 'dateOfBirth' ? formatDateInput(value) : value;
}

/** Two records often share a name: the primary number tells them apart. */
function recordLabel(client: ClientDetail): string {
  const phone = formatPhone(client.primaryNumber ?? client.mobileNumber);
  return phone ? `${clientDisplayName(client)} · ${phone}` : clientDisplayName(client);
}

/** Where both have a value, the kept record's wins; an empty value never overwrites a filled one. */
function defaultChoice(clients: [ClientDetail, ClientDetail], field: ClientFieldName, keep: Side): Side {
  const other: Side = keep === 0 ? 1 : 0;
  const kept = clients[keep][field];
  return (kept === null || kept === '') && clients[other][field] ? other : keep;
}

/**
 * Side-by-side compare of two clients: pick the record that stays, then each differing field's
 * value with a radio. The server moves every related record and keeps the other as a tombstone.
 */
export function MergeClientsModal({ clientIds, onClose, onMerged }: MergeClientsModalProps) {
  const first = useClient(clientIds[0], true);
  const second = useClient(clientIds[1], true);
  const merge = useMergeClients();
  const [keep, setKeep] = useState<Side>(0);
  const [picked, setPicked] = useState<Partial<Record<ClientFieldName, Side>>>({});
  const clients = first.data && second.data ? ([first.data, second.data] as [ClientDetail, ClientDetail]) : null;
  const fields = clients ? (differingFields(clients[0], clients[1]) as ClientFieldName[]) : [];
  const choiceOf = (field: ClientFieldName): Side => picked[field] ?? defaultChoice(clients!, field, keep);

  const submit = () => {
    if (!clients) return;
    const choices: MergeFieldChoices = {};
    for (const field of fields) choices[field] = choiceOf(field) === keep ? 'survivor' : 'merged';
    merge.mutate(
      { survivorId: clients[keep].id, mergedId: clients[keep === 0 ? 1 : 0].id, fields: choices },
      { onSuccess: (result) => onMerged(result.survivor.id) },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Merge clients" size="xl" centered>
      {(first.isPending || second.isPending) && (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      )}
      {(first.isError || second.isError) && (
        <LoadError
          title="The clients could not be loaded"
          onRetry={() => {
            if (first.isError) void first.refetch();
            if (second.isError) void second.refetch();
          }}
        />
      )}
      {clients && (
        <Stack gap="md">
          <Radio.Group
            label="Record to keep"
            description="The other record is kept only as a pointer to this one; its inquiries, calls, texts, appointments and payments move here."
            value={String(keep)}
            onChange={(value) => {
              setKeep(value === '1' ? 1 : 0);
              setPicked({});
            }}
          >
            <Group mt="xs">
              {clients.map((client, side) => (
                <Radio key={client.id} value={String(side)} label={recordLabel(client)} />
              ))}
            </Group>
          </Radio.Group>
          {fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              Both records hold the same values.
            </Text>
          ) : (
            <ScrollArea.Autosize mah="50vh">
              <Table striped withTableBorder aria-label="Differing fields">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="22%">Field</Table.Th>
                    <Table.Th>{recordLabel(clients[0])}</Table.Th>
                    <Table.Th>{recordLabel(clients[1])}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {fields.map((field) => (
                    <Table.Tr key={field}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {labelFromFieldName(field)}
                        </Text>
                      </Table.Td>
                      {clients.map((client, side) => (
                        <Table.Td key={client.id}>
                          <Radio
                            name={`merge-${field}`}
                            value={String(side)}
                            checked={choiceOf(field) === side}
                            onChange={() => setPicked((prev) => ({ ...prev, [field]: side as Side }))}
                            label={shown(client, field)}
                            aria-label={`${labelFromFieldName(field)}: ${shown(client, field)}`}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" onClick={submit} loading={merge.isPending}>
              Merge into {clientDisplayName(clients[keep])}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
