import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { FormSelect, FormTextarea, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { useLeadOwners } from '../api/get-lead-owners.ts';
import type { InquiryControl } from './inquiry-form-values.ts';

/** Case description (SPEC §5 textarea, 500 with a counter) and the lead's own fields (SPEC §2 leads columns). */
export function CaseSection({ control }: { control: InquiryControl }) {
  const owners = useLeadOwners();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="inquiry-case-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="inquiry-case-title">
          Case description
        </Title>
        <FormTextarea control={control} name="caseDescription" />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <FormSelect
            control={control}
            name="leadOwnerId"
            label="Lead Owner"
            placeholder={owners.isLoading ? 'Loading…' : 'Me'}
            data={(owners.data ?? []).map((u) => ({ value: u.id, label: u.displayName }))}
            searchable
            clearable
          />
          <FormTextInput control={control} name="source" />
          <FormTextInput control={control} name="noApptReason" label="No Appt Reason" />
        </SimpleGrid>
        <FormTextarea control={control} name="notes" rows={2} />
      </Stack>
    </Paper>
  );
}
