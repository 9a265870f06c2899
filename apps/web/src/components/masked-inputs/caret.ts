/** Digits in the text before the caret: what stays put while punctuation is added or removed. */
export function digitsBeforeCaret(text: string, caret: number): number {
  let count = 0;
  for (let i = 0; i < Math.min(caret, text.length); i += 1) {
    const ch = text.charCodeAt(i);
    if (ch >= 48 && ch <= 57) count += 1;
  }
  return count;
}

/** The caret position just after the n-th digit of a formatted value (0 before the first). */
export function caretAfterDigits(formatted: string, digits: number): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    const ch = formatted.charCodeAt(i);
    if (ch >= 48 && ch <= 57) {
      seen += 1;
      if (seen === digits) return i + 1;
    }
  }
  return formatted.length;
}
