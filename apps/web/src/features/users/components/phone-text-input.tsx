import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * SPEC §5 phone mask (###) ###-#### while typing. A local stand-in until components/masked-inputs
 * (PhoneInput, ExtensionInput) lands; the value stays the masked text and the contract schema strips it to digits.
 */
export function formatPhoneAsTyped(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

type MaskedProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
};

export function PhoneTextInput({ value, onChange, ...props }: MaskedProps) {
  return (
    <TextInput
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      placeholder={props.readOnly ? undefined : '(###) ###-####'}
      value={value}
      onChange={(event) => onChange(formatPhoneAsTyped(event.currentTarget.value))}
    />
  );
}

/** SPEC §5: the extension is six digits; only digits can be typed, at most six. */
export function ExtensionTextInput({ value, onChange, ...props }: MaskedProps) {
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="off"
      placeholder={props.readOnly ? undefined : '######'}
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}
