import { FormField } from '@/components/form-field/form-field.tsx';
import type { TextPath } from '@/components/form-field/form-inputs.tsx';
import { DateOfBirthInput } from './date-inputs.tsx';
import type { InquiryControl, InquiryFormValues } from './inquiry-form-values.ts';

interface DateOfBirthFieldProps {
  control: InquiryControl;
  name: TextPath<InquiryFormValues>;
}

/** SPEC §5: a date of birth typed MM-dd-yyyy through its mask; label and error come from FormField. */
export function DateOfBirthField({ control, name }: DateOfBirthFieldProps) {
  return (
    <FormField control={control} name={name}>
      {({ value, onChange, ...props }) => (
        <DateOfBirthInput {...props} value={typeof value === 'string' ? value : ''} onChange={onChange} />
      )}
    </FormField>
  );
}
