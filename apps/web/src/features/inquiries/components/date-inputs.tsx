import { TextInput, type TextInputProps } from '@mantine/core';
import dayjs from 'dayjs';
import { useState, type Ref } from 'react';
import { formatDigitMask } from '@casedesk/contract/common/field-rules';
import { digitsOnly } from '@casedesk/contract/common/text';
import { DigitMaskInput } from '@/components/masked-inputs/digit-mask-input.tsx';

/** SPEC §5: dates of birth are typed MM-dd-yyyy; the dashes appear as the digits are typed. */
export const DATE_MASK = '##-##-####';

interface TextValueProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string | null | undefined;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** Holds the typed MM-dd-yyyy text (the contract's dateOfBirthField judges it), showing only digits and dashes. */
export function DateOfBirthInput({ value, onChange, ...others }: TextValueProps) {
  return (
    <DigitMaskInput
      mask={DATE_MASK}
      placeholder="MM-dd-yyyy"
      {...others}
      value={digitsOnly(value ?? '')}
      onChange={(digits) => onChange(formatDigitMask(DATE_MASK, digits))}
    />
  );
}

/** SPEC §5 date-time format, 12-hour. */
const SHOWN_FORMAT = 'MM-DD-YYYY hh:mm A';
const TYPED = /^(\d{2})-(\d{2})-(\d{4})(?:\s+(\d{1,2}):(\d{2})\s*([AaPp][Mm]))?$/;

/** 'MM-dd-yyyy' or 'MM-dd-yyyy hh:mm AM/PM' in the browser's zone → ISO instant, else undefined. */
export function parseLocalDateTime(text: string): string | undefined {
  const match = TYPED.exec(text.trim());
  if (!match) return undefined;
  const [, mm, dd, yyyy, hh = '12', min = '00', ampm = 'AM'] = match;
  const hour12 = Number(hh);
  if (hour12 < 1 || hour12 > 12 || Number(min) > 59) return undefined;
  const hour = (hour12 % 12) + (ampm.toUpperCase() === 'PM' ? 12 : 0);
  const at = new Date(Number(yyyy), Number(mm) - 1, Number(dd), hour, Number(min));
  const real = at.getFullYear() === Number(yyyy) && at.getMonth() === Number(mm) - 1 && at.getDate() === Number(dd);
  return real ? at.toISOString() : undefined;
}

function shown(value: string | null | undefined): string {
  if (!value) return '';
  const at = dayjs(value);
  return at.isValid() && value.includes('T') ? at.format(SHOWN_FORMAT) : value;
}

/**
 * The incident date-time: typed as MM-dd-yyyy hh:mm AM/PM in the browser's zone; the form holds the
 * ISO instant when the text reads as one, else the text itself, which the contract's rule then
 * refuses with its SPEC §5 message.
 */
export function DateTimeTextInput({ value, onChange, onBlur, ...others }: TextValueProps) {
  const [text, setText] = useState(() => shown(value));
  const [lastValue, setLastValue] = useState(value);
  // A reset of the form (another inquiry loaded) shows the new value.
  if (value !== lastValue) {
    setLastValue(value);
    if ((parseLocalDateTime(text) ?? text) !== value) setText(shown(value));
  }
  return (
    <TextInput
      placeholder="MM-dd-yyyy hh:mm AM"
      autoComplete="off"
      {...others}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const parsed = next.trim() === '' ? '' : (parseLocalDateTime(next) ?? next);
        setLastValue(parsed);
        onChange(parsed);
      }}
      onBlur={(event) => {
        const parsed = parseLocalDateTime(text);
        if (parsed) setText(shown(parsed));
        onBlur?.(event);
      }}
    />
  );
}
