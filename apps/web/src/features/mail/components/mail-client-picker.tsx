import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useState } from 'react';
import type { ClientSummary } from '@casedesk/contract/clients/client';
import { useClientSearchResults } from '@/api/clients/search-clients.ts';
import { SearchIcon } from '@/components/icons.tsx';

interface MailClientPickerProps {
  label: string;
  onPick: (client: ClientSummary) => void;
  error?: string;
  description?: string;
}

/** SPEC §2 client search (300 ms debounce, only for non-empty input); a pick hands the client over. */
export function MailClientPicker({ label, onPick, error, description }: MailClientPickerProps) {
  const [value, setValue] = useState('');
  const keyword = value.trim();
  const { items, status, isFetching } = useClientSearchResults(keyword);
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
          label={label}
          description={description}
          error={error}
          placeholder="Search by name, phone or email"
          leftSection={<SearchIcon size={14} />}
          rightSection={isFetching ? <Loader size={14} /> : null}
          rightSectionPointerEvents="none"
          value={value}
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
                {[client.email, client.city].filter(Boolean).join(' · ') || 'No e-mail or city'}
              </Text>
            </Combobox.Option>
          ))}
          {status && <Combobox.Empty>{status}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
