import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useState } from 'react';
import type { ClientSummary } from '@casedesk/contract/clients/client';
import { formatDateInput, formatPhone } from '@casedesk/contract/common/text';
import { SearchIcon } from '@/components/icons.tsx';
import { useClientSearchResults } from '@/api/clients/search-clients.ts';
import { textablePhone } from './text-form-values.ts';

interface ClientPickerProps {
  onPick: (client: ClientSummary) => void;
}

/** SPEC §2 drawer client search: debounced 300 ms (SPEC §9), only for non-empty input; a pick fills Name and Phone. */
export function ClientPicker({ onPick }: ClientPickerProps) {
  const [value, setValue] = useState('');
  const keyword = value.trim();
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
        setValue('');
        if (client) onPick(client);
      }}
    >
      <Combobox.Target withExpandedAttribute autoComplete="off">
        <TextInput
          label="Client"
          placeholder="Search by name, phone or email"
          leftSection={<SearchIcon size={14} />}
          rightSection={search.isFetching ? <Loader size={14} /> : null}
          rightSectionPointerEvents="none"
          value={value}
          data-testid="text-client-search"
          onChange={(event) => {
            const next = event.currentTarget.value;
            setValue(next);
            if (next.trim()) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          onFocus={() => keyword && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!keyword}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }} aria-label="Clients found">
          {items.map((client) => (
            <Combobox.Option value={client.id} key={client.id}>
              <Text size="sm" fw={500} lh={1.3}>
                {client.firstName} {client.lastName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.3}>
                {[formatPhone(textablePhone(client)), formatDateInput(client.dateOfBirth)]
                  .filter(Boolean)
                  .join(' · ') || 'No phone number'}
              </Text>
            </Combobox.Option>
          ))}
          {status && <Combobox.Empty>{status}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
