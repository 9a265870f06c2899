import { TextInput } from '@mantine/core';
import type { Control, FieldPath } from 'react-hook-form';
import type { ClientFieldsInput } from '@casedesk/contract/clients/client';
import { FormField } from '@/components/form-field/form-field.tsx';
import { PhoneInput } from '@/components/masked-inputs/phone-input.tsx';

type Name = FieldPath<ClientFieldsInput>;

interface InputProps<N extends Name> {
  control: Control<ClientFieldsInput>;
  name: N;
  required?: boolean;
  readOnly: boolean;
}

/** A free-text client field; the label is the field name split into words (SPEC §5). */
export function ClientTextField<N extends Name>({ control, name, required, readOnly }: InputProps<N>) {
  return (
    <FormField control={control} name={name} required={required && !readOnly}>
      {({ value, ...field }) => (
        <TextInput
          {...field}
          value={typeof value === 'string' ? value : ''}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
        />
      )}
    </FormField>
  );
}

/** SPEC §5: phone shown as (###) ###-####, stored as digits. */
export function ClientPhoneField<N extends Name>({ control, name, readOnly }: InputProps<N>) {
  return (
    <FormField control={control} name={name}>
      {({ value, onChange, ...field }) => (
        <PhoneInput
          {...field}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
        />
      )}
    </FormField>
  );
}

/** SPEC §5: date of birth typed MM-dd-yyyy (the schema checks it and stores yyyy-MM-dd). */
export function ClientDateOfBirthField({ control, readOnly }: Omit<InputProps<'dateOfBirth'>, 'name'>) {
  return (
    <FormField control={control} name="dateOfBirth">
      {({ value, ...field }) => (
        <TextInput
          {...field}
          value={typeof value === 'string' ? value : ''}
          placeholder="MM-DD-YYYY"
          inputMode="numeric"
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
        />
      )}
    </FormField>
  );
}
