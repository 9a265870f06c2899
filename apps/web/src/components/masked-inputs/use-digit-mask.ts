import { useLayoutEffect, useReducer, useRef, type ChangeEvent } from 'react';
import { caretAfterDigits, digitsBeforeCaret } from './caret.ts';

interface DigitMaskOptions {
  /** Stored digits. */
  value: string;
  onChange: (digits: string) => void;
  format: (digits: string) => string;
  parse: (text: string) => string;
}

/**
 * A controlled input that shows `format(value)` and reports only digits. The caret keeps its place
 * among the digits while punctuation appears or disappears around it.
 */
export function useDigitMask({ value, onChange, format, parse }: DigitMaskOptions) {
  const inputRef = useRef<HTMLInputElement>(null);
  const caretRef = useRef<number | null>(null);
  // Re-render even when the digits did not change (a typed letter, a deleted bracket), so the
  // caret is put back after React restores the shown value.
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  useLayoutEffect(() => {
    const input = inputRef.current;
    const caret = caretRef.current;
    caretRef.current = null;
    if (input && caret !== null && input.ownerDocument.activeElement === input) input.setSelectionRange(caret, caret);
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    const digits = parse(text);
    const before = Math.min(digitsBeforeCaret(text, event.currentTarget.selectionStart ?? text.length), digits.length);
    caretRef.current = caretAfterDigits(format(digits), before);
    if (digits !== value) onChange(digits);
    rerender();
  };

  return { inputRef, displayValue: format(value), handleChange };
}
