import { Combobox, Group, Kbd, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ClientSummary } from '@casedesk/contract/clients/client';
import { SEARCH_DEBOUNCE_MS } from '@casedesk/contract/common/search';
import { formatDateInput, formatPhone, formatTotal } from '@casedesk/contract/common/text';
import { SearchIcon } from '@/components/icons.tsx';
import { paths } from '@/config/paths.ts';
import { useClientSearchBox } from '@/api/clients/search-clients.ts';
import classes from './client-search-box.module.css';
import { useFocusShortcut } from './use-focus-shortcut.ts';

const FAILURE_TEXT = 'Search could not be completed. Try again.';

function ResultOption({ client }: { client: ClientSummary }) {
  const details = [formatPhone(client.primaryNumber), formatDateInput(client.dateOfBirth)].filter(Boolean);
  return (
    <Combobox.Option value={client.id} className={classes.option}>
      <Text size="sm" fw={500} lh={1.3}>
        {client.firstName} {client.lastName}
      </Text>
      {details.length > 0 && (
        <Text size="xs" c="dimmed" lh={1.3}>
          {details.join(' · ')}
        </Text>
      )}
    </Combobox.Option>
  );
}

/**
 * SPEC §2 top search box "Search Client": debounced 300 ms, only for non-empty input; choosing a
 * result opens the client, Enter opens client search with the keyword.
 */
export function ClientSearchBox() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [focused, setFocused] = useState(false);
  const keyword = value.trim();
  const [debouncedKeyword] = useDebouncedValue(keyword, SEARCH_DEBOUNCE_MS);
  const search = useClientSearchBox(debouncedKeyword);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  useFocusShortcut(inputRef);

  const finish = (to: string) => {
    combobox.closeDropdown();
    setValue('');
    inputRef.current?.blur();
    void navigate(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // An option highlighted with the arrows is chosen by the combobox itself.
    if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
    event.preventDefault();
    if (keyword) finish(paths.management.searchClient.href({ searchKeyword: keyword }));
  };

  const waiting = keyword !== debouncedKeyword || (search.isFetching && !search.data);
  const items = keyword && debouncedKeyword ? (search.data?.items ?? []) : [];

  let status: string | null = null;
  if (search.isError && !waiting) status = FAILURE_TEXT;
  else if (waiting && items.length === 0) status = 'Searching…';
  else if (!search.isFetching && items.length === 0) status = 'No clients found';

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(clientId) => finish(paths.client.detail.href(clientId))}
      withinPortal
      position="bottom-start"
      width={360}
    >
      <Combobox.Target withExpandedAttribute autoComplete="off">
        <TextInput
          ref={inputRef}
          className={classes.input}
          aria-label="Search Client"
          placeholder="Search Client"
          value={value}
          leftSection={<SearchIcon size={16} />}
          rightSection={
            search.isFetching ? (
              <Loader size={14} />
            ) : !focused && !value ? (
              <Kbd size="xs" aria-hidden="true">
                /
              </Kbd>
            ) : null
          }
          rightSectionPointerEvents="none"
          data-testid="client-search"
          onChange={(event) => {
            const next = event.currentTarget.value;
            setValue(next);
            if (next.trim()) combobox.openDropdown();
            else combobox.closeDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => {
            setFocused(true);
            if (keyword) combobox.openDropdown();
          }}
          onBlur={() => {
            setFocused(false);
            combobox.closeDropdown();
          }}
          onKeyDown={onKeyDown}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={!keyword} data-testid="client-search-dropdown">
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }} aria-label="Clients found">
          {items.map((client) => (
            <ResultOption key={client.id} client={client} />
          ))}
          {status && <Combobox.Empty>{status}</Combobox.Empty>}
        </Combobox.Options>
        {items.length > 0 && search.data && (
          <Combobox.Footer>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {search.data.totalCount > items.length
                  ? `First ${items.length} of ${formatTotal(search.data.totalCount, search.data.totalCountIsLowerBound)}`
                  : `${items.length} found`}
              </Text>
              <Text size="xs" c="dimmed">
                Enter: all results
              </Text>
            </Group>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
