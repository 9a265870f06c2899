import { TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';
import { formatDigitMask, parseDigitMask } from '@casedesk/contract/common/field-rules';
import { useDigitMask } from './use-digit-mask.ts';

export interface MaskedValueProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** Stored digits ('' or null when empty). */
  value: string | null | undefined;
  onChange: (digits: string) => void;
  ref?: Ref<HTMLInputElement>;
}

interface DigitMaskInputProps extends MaskedValueProps {
  /** `#` for a digit, anything else is punctuation (SPEC §5 masks in contract/common/field-rules). */
  mask: string;
}

/** A text input showing digits through a mask and storing digits only (SPEC §5). */
export function DigitMaskInput({ mask, value, onChange, ref, ...others }: DigitMaskInputProps) {
  const { inputRef, displayValue, handleChange } = useDigitMask({
    value: value ?? '',
    onChange,
    format: (digits) => formatDigitMask(mask, digits),
    parse: (text) => parseDigitMask(mask, text),
  });
  const mergedRef = useMergedRef(inputRef, ref);
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder={mask.replace(/#/g, '_')}
      {...others}
      ref={mergedRef}
      value={displayValue}
      onChange={handleChange}
    />
  );
}
