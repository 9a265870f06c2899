import { Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { FormField } from '@/components/form-field/form-field.tsx';
import { CountedTextarea } from '@/components/masked-inputs/counted-textarea.tsx';
import { useLeadOwners } from '../api/get-lead-owners.ts';
import { TextField } from './form-inputs.tsx';
import type { InquiryFormValues } from './inquiry-form-values.ts';

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** Case description (SPEC §5 textarea, 500 with a counter) and the lead's own fields (SPEC §2 leads columns). */
export function CaseSection({ control }: { control: Control<InquiryFormValues> }) {
  const owners = useLeadOwners();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="inquiry-case-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="inquiry-case-title">
          Case description
        </Title>
        <FormField control={control} name="caseDescription">
          {({ value, ...props }) => <CountedTextarea {...props} value={asText(value)} />}
        </FormField>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <FormField control={control} name="leadOwnerId" label="Lead Owner">
            {({ value, onChange, ...props }) => (
              <Select
                {...props}
                placeholder={owners.isLoading ? 'Loading…' : 'Me'}
                data={(owners.data ?? []).map((u) => ({ value: u.id, label: u.displayName }))}
                value={asText(value) || null}
                onChange={(v) => onChange(v)}
                searchable
                clearable
              />
            )}
          </FormField>
          <TextField control={control} name="source" />
          <TextField control={control} name="noApptReason" label="No Appt Reason" />
        </SimpleGrid>
        <FormField control={control} name="notes">
          {({ value, ...props }) => <CountedTextarea {...props} value={asText(value)} rows={2} />}
        </FormField>
      </Stack>
    </Paper>
  );
}
