import { TextInput, type TextInputProps } from '@mantine/core';
import { useState, type FocusEvent, type Ref } from 'react';
import { formatCents, parseCents, sanitizeDecimalInput } from '@casedesk/contract/common/money';

export interface CentsInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** Integer cents (DESIGN §3); null when empty. */
  value: number | null | undefined;
  onChange: (cents: number | null) => void;
  allowNegative?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * SPEC §5: a decimal input formatted as cents with two decimals. While focused it shows what is
 * typed (digits, one dot, two decimals at most); on blur it shows the amount as 123.40.
 */
export function CentsInput({ value, onChange, allowNegative = false, onFocus, onBlur, ...others }: CentsInputProps) {
  // What is being typed; null while the field shows the stored amount.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = value === null || value === undefined ? '' : formatCents(value);
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      {...others}
      value={draft ?? shown}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setDraft(shown);
        onFocus?.(event);
      }}
      onChange={(event) => {
        const text = sanitizeDecimalInput(event.currentTarget.value, allowNegative);
        setDraft(text);
        const cents = parseCents(text);
        if (cents !== (value ?? null)) onChange(cents);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setDraft(null);
        onBlur?.(event);
      }}
    />
  );
}
