import { Alert, Badge, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@casedesk/contract/common/search';
import { SMS_MESSAGES } from '@casedesk/contract/sms/sms';
import type { TemplateType } from '@casedesk/contract/templates/template';
import { useClientSearchResults } from '@/api/clients/search-clients.ts';
import { useCollectionAccounts } from '../../api/list-collection-accounts.ts';
import { useTemplatePreview } from '../../api/preview-template.ts';

type RecipientKind = 'account' | 'client';
const PICK_PAGE = 10;

interface Picked {
  kind: RecipientKind;
  id: string | null;
}

/** A collection account found by client name, account number or matter (the accounts list's own search). */
function AccountPicker({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const accounts = useCollectionAccounts({
    pageNumber: 1,
    pageSize: PICK_PAGE,
    filter: debounced ? { search: debounced } : {},
  });
  const data = (accounts.data?.items ?? []).map((a) => ({
    value: a.id,
    label: `#${a.accountNumber} ${a.client}`,
  }));
  return (
    <Select
      label="Account"
      placeholder="Search by client, account number or matter"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={accounts.isFetching ? 'Searching…' : 'No accounts found'}
    />
  );
}

/** A client found by the client search (SPEC §2: 300 ms debounce, non-empty input only). */
function ClientPicker({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const found = useClientSearchResults(search);
  const data = found.items.map((c) => ({ value: c.id, label: [c.firstName, c.lastName].filter(Boolean).join(' ') }));
  const options = chosen && !data.some((d) => d.value === chosen.value) ? [chosen, ...data] : data;
  return (
    <Select
      label="Client"
      placeholder="Search by name or phone"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={options}
      value={value}
      onChange={(id, option) => {
        setChosen(id ? option : null);
        onChange(id);
      }}
      nothingFoundMessage={found.status ?? 'No clients found'}
    />
  );
}

interface TemplatePreviewProps {
  templateType: TemplateType;
  content: string;
  collections: boolean;
}

/**
 * The live preview of the template form: the content as the server fills it for a chosen collection account or
 * client, what would have no value when sent, and the save's refusal in the server's words.
 */
export function TemplatePreview({ templateType, content, collections }: TemplatePreviewProps) {
  const [picked, setPicked] = useState<Picked>({ kind: 'account', id: null });
  const [debouncedContent] = useDebouncedValue(content, SEARCH_DEBOUNCE_MS);
  const preview = useTemplatePreview({
    templateType,
    content: debouncedContent,
    collections,
    collectionAccountId: picked.kind === 'account' ? picked.id : null,
    clientId: picked.kind === 'client' ? picked.id : null,
  });
  const result = preview.data;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Preview">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <Text fw={600} size="sm">
            Preview
          </Text>
          <SegmentedControl
            size="xs"
            value={picked.kind}
            onChange={(kind) => setPicked({ kind: kind as RecipientKind, id: null })}
            data={[
              { value: 'account', label: 'Account' },
              { value: 'client', label: 'Client' },
            ]}
            aria-label="Fill from"
          />
        </Group>
        {picked.kind === 'account' ? (
          <AccountPicker value={picked.id} onChange={(id) => setPicked({ kind: 'account', id })} />
        ) : (
          <ClientPicker value={picked.id} onChange={(id) => setPicked({ kind: 'client', id })} />
        )}
        {preview.isError && (
          <Text size="sm" c="red.8">
            The preview could not be made.
          </Text>
        )}
        {result && (
          <>
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              bg="gray.0"
              p="xs"
              data-testid="template-preview-content"
            >
              {result.content || '—'}
            </Text>
            {result.missing.length > 0 && (
              <Group gap={4} aria-label="No value">
                <Text size="xs" c="dimmed">
                  No value{picked.id ? '' : ' until a recipient is chosen'}:
                </Text>
                {result.missing.map((p) => (
                  <Badge key={p} size="sm" color="red.9" variant="outline" tt="none">
                    {p}
                  </Badge>
                ))}
              </Group>
            )}
            {result.termNotPaymentPlan && (
              <Text size="xs" c="red.9">
                {SMS_MESSAGES.termNotPaymentPlan}
              </Text>
            )}
            {result.problem && (
              <Alert color="red" variant="light" p="xs" data-testid="template-preview-problem">
                {result.problem}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
