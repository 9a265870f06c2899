import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { Control } from 'react-hook-form';
import type { ClientSummary } from '@casedesk/contract/clients/client';
import type { DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import { formatPhone } from '@casedesk/contract/common/text';
import type { SmsOfficeOption } from '@casedesk/contract/sms/sms';
import { FormField } from '@/components/form-field/form-field.tsx';
import { PhoneInput } from '@/components/masked-inputs/phone-input.tsx';
import { ClientPicker } from './client-picker.tsx';
import type { TextFormValues } from './text-form-values.ts';

interface RecipientFieldsProps {
  control: Control<TextFormValues>;
  offices: { data: readonly SmsOfficeOption[]; loading: boolean; failed: boolean };
  categories: { data: readonly DropdownOption[]; loading: boolean };
  reasons: { data: readonly DropdownOption[]; loading: boolean };
  onPickClient: (client: ClientSummary) => void;
}

const optionData = (options: readonly DropdownOption[]) => options.map((o) => ({ value: o.id, label: o.value }));

function officeHint(offices: RecipientFieldsProps['offices']): string | undefined {
  if (offices.failed) return 'Office numbers could not be loaded';
  if (!offices.loading && offices.data.length === 0) return 'No office number you may text from';
  return undefined;
}

/** SPEC §2 drawer fields above the message: office (from-number), client search, Name, Category, Phone, Reason For Text. */
export function RecipientFields({ control, offices, categories, reasons, onPickClient }: RecipientFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <FormField control={control} name="fromNumber" label="Office" required>
        {({ value, onChange, ...field }) => (
          <Select
            {...field}
            value={value || null}
            onChange={(next) => onChange(next ?? '')}
            data={offices.data.map((o) => ({ value: o.smsNumber, label: `${o.label} · ${formatPhone(o.smsNumber)}` }))}
            placeholder={offices.loading ? 'Loading…' : 'Choose an office number'}
            description={field.error ? undefined : officeHint(offices)}
            allowDeselect={false}
            data-testid="text-office"
          />
        )}
      </FormField>
      <ClientPicker onPick={onPickClient} />
      <FormField control={control} name="name">
        {({ value, ...field }) => <TextInput {...field} value={value ?? ''} data-testid="text-name" />}
      </FormField>
      <FormField control={control} name="categoryId" label="Category" required>
        {({ value, onChange, ...field }) => (
          <Select
            {...field}
            value={value || null}
            onChange={(next) => onChange(next ?? '')}
            data={optionData(categories.data)}
            placeholder={categories.loading ? 'Loading…' : 'Choose a category'}
            allowDeselect={false}
            data-testid="text-category"
          />
        )}
      </FormField>
      <FormField control={control} name="toNumber" label="Phone/Home Number" required>
        {({ value, onChange, ...field }) => (
          <PhoneInput {...field} value={value} onChange={onChange} data-testid="text-phone" />
        )}
      </FormField>
      <FormField control={control} name="reasonId" label="Reason For Text" required>
        {({ value, onChange, ...field }) => (
          <Select
            {...field}
            value={value || null}
            onChange={(next) => onChange(next ?? '')}
            data={optionData(reasons.data)}
            placeholder={reasons.loading ? 'Loading…' : 'Choose a reason'}
            searchable
            allowDeselect={false}
            data-testid="text-reason"
          />
        )}
      </FormField>
    </SimpleGrid>
  );
}
