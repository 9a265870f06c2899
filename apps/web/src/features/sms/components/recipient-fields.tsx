import { SimpleGrid } from '@mantine/core';
import { useFormState } from 'react-hook-form';
import type { ClientSummary } from '@casedesk/contract/clients/client';
import type { DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import { formatPhone } from '@casedesk/contract/common/text';
import type { SmsOfficeOption } from '@casedesk/contract/sms/sms';
import { FormPhoneInput, FormSelect, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { ClientPicker } from './client-picker.tsx';
import type { TextFormControl } from './text-form-values.ts';

interface RecipientFieldsProps {
  control: TextFormControl;
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
  // The hint gives way to the field's own error.
  const { errors } = useFormState({ control, name: 'fromNumber' });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <FormSelect
        control={control}
        name="fromNumber"
        label="Office"
        required
        emptyValue=""
        data={offices.data.map((o) => ({ value: o.smsNumber, label: `${o.label} · ${formatPhone(o.smsNumber)}` }))}
        placeholder={offices.loading ? 'Loading…' : 'Choose an office number'}
        description={errors.fromNumber ? undefined : officeHint(offices)}
        allowDeselect={false}
        data-testid="text-office"
      />
      <ClientPicker onPick={onPickClient} />
      <FormTextInput control={control} name="name" data-testid="text-name" />
      <FormSelect
        control={control}
        name="categoryId"
        label="Category"
        required
        emptyValue=""
        data={optionData(categories.data)}
        placeholder={categories.loading ? 'Loading…' : 'Choose a category'}
        allowDeselect={false}
        data-testid="text-category"
      />
      <FormPhoneInput control={control} name="toNumber" label="Phone/Home Number" required data-testid="text-phone" />
      <FormSelect
        control={control}
        name="reasonId"
        label="Reason For Text"
        required
        emptyValue=""
        data={optionData(reasons.data)}
        placeholder={reasons.loading ? 'Loading…' : 'Choose a reason'}
        searchable
        allowDeselect={false}
        data-testid="text-reason"
      />
    </SimpleGrid>
  );
}
