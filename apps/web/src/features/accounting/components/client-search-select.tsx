import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useState } from 'react';
import type { ClientSummary } from '@casedesk/contract/clients/client';
import { formatDateInput } from '@casedesk/contract/common/text';
import { useClientSearchResults } from '@/api/clients/search-clients.ts';
import { SearchIcon } from '@/components/icons.tsx';

const nameOf = (client: ClientSummary) => `${client.firstName} ${client.lastName}`;

interface ClientSearchSelectProps {
  onPick: (client: ClientSummary | null) => void;
  error?: string;
}

/**
 * The payment's client, found by the shared client search (debounced 300 ms, SPEC §9). The input then shows the
 * chosen name; typing again clears the choice until another client is picked.
 */
export function ClientSearchSelect({ onPick, error }: ClientSearchSelectProps) {
  const [value, setValue] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const keyword = picked ? '' : value.trim();
  const search = useClientSearchResults(keyword);
  const { items, status } = search;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(id) => {
        const client = items.find((c) => c.id === id);
        combobox.closeDropdown();
        if (!client) return;
        setPicked(client.id);
        setValue(nameOf(client));
        onPick(client);
      }}
    >
      <Combobox.Target withExpandedAttribute autoComplete="off">
        <TextInput
          label="Client"
          withAsterisk
          placeholder="Search by name, phone or email"
          leftSection={<SearchIcon size={14} />}
          rightSection={search.isFetching ? <Loader size={14} /> : null}
          rightSectionPointerEvents="none"
          value={value}
          error={error}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setValue(next);
            if (picked) {
              setPicked(null);
              onPick(null);
            }
            if (next.trim()) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          onFocus={() => keyword && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!keyword}>
        <Combobox.Options mah={240} style={{ overflowY: 'auto' }} aria-label="Clients found">
          {items.map((client) => (
            <Combobox.Option value={client.id} key={client.id}>
              <Text size="sm" fw={500} lh={1.3}>
                {nameOf(client)}
              </Text>
              <Text size="xs" c="dimmed" lh={1.3}>
                {formatDateInput(client.dateOfBirth) || 'No date of birth'}
              </Text>
            </Combobox.Option>
          ))}
          {status && <Combobox.Empty>{status}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
