import { TextInput } from '@mantine/core';
import type { Control, FieldPath } from 'react-hook-form';
import { FormField } from '@/components/form-field/form-field.tsx';
import { PhoneInput } from '@/components/masked-inputs/phone-input.tsx';
import { DateOfBirthInput } from './date-inputs.tsx';
import type { InquiryFormValues } from './inquiry-form-values.ts';

export type InquiryPath = FieldPath<InquiryFormValues>;

interface InputProps {
  control: Control<InquiryFormValues>;
  name: InquiryPath;
  label?: string;
  required?: boolean;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** A free-text field; its label and error ("* message", red, under it) come from FormField (SPEC §5). */
export function TextField({ control, name, label, required }: InputProps) {
  return (
    <FormField control={control} name={name} label={label} required={required}>
      {({ value, ...props }) => <TextInput {...props} value={asText(value)} />}
    </FormField>
  );
}

/** SPEC §5: (###) ###-####, stored as digits. */
export function PhoneField({ control, name, label }: InputProps) {
  return (
    <FormField control={control} name={name} label={label}>
      {({ value, onChange, ...props }) => <PhoneInput {...props} value={asText(value)} onChange={onChange} />}
    </FormField>
  );
}

/** SPEC §5: MM-dd-yyyy. */
export function DateOfBirthField({ control, name, label }: InputProps) {
  return (
    <FormField control={control} name={name} label={label}>
      {({ value, onChange, ...props }) => <DateOfBirthInput {...props} value={asText(value)} onChange={onChange} />}
    </FormField>
  );
}
