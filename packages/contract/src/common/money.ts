/**
 * Money is integer cents everywhere (DESIGN §3); SPEC §5: decimal inputs format as cents with two
 * decimals. All conversions work on strings and integers, never on binary fractions. The schema of an amount is
 * centsSchema (cents-schema.ts).
 */

/** 12345 → '123.45', -5 → '-0.05'. A fractional input is rounded to the nearest cent. */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return '';
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const digits = String(Math.abs(rounded)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * 1234567 → '12,345.67', -123456 → '-1,234.56': an amount to read in a column of figures, grouped by thousands
 * (never for an input, nor for CSV and XLSX cells, which stay as formatCents writes them).
 */
export function formatGroupedCents(cents: number): string {
  return groupedParts(cents)?.join('') ?? '';
}

/** 13260375 → '$132,603.75', -5 → '-$0.05': an amount to read, grouped by thousands (never for an input). */
export function formatMoney(cents: number): string {
  const parts = groupedParts(cents);
  return parts ? `${parts[0]}$${parts[1]}` : '';
}

/** The sign ('-' or '') and the grouped amount, or null for a value that is not a number. */
function groupedParts(cents: number): [string, string] | null {
  const plain = formatCents(cents);
  if (plain === '') return null;
  const negative = plain.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? plain.slice(1) : plain).split('.');
  return [negative ? '-' : '', `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`];
}

const DECIMAL = /^(-?)(\d*)(?:\.(\d{0,2}))?$/;

/**
 * '123.45' → 12345, '1,234.5' → 123450, '.5' → 50, '' → null. More than two decimals, a second dot,
 * letters or a value beyond safe integers give null: the caller shows its own validation message.
 */
export function parseCents(text: string): number | null {
  const match = DECIMAL.exec(text.replace(/[\s,]/g, ''));
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign && cents !== 0 ? -cents : cents;
}

/**
 * Keeps what a user may type into a cents field: digits, one dot and at most two decimals (and a
 * leading minus when allowed). '12a.345' → '12.34'.
 */
export function sanitizeDecimalInput(text: string, allowNegative = false): string {
  const negative = allowNegative && text.trimStart().startsWith('-');
  let seenDot = false;
  let decimals = 0;
  let out = '';
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') {
      if (seenDot) {
        if (decimals === 2) continue;
        decimals += 1;
      }
      out += ch;
    } else if (ch === '.' && !seenDot) {
      seenDot = true;
      out += ch;
    }
  }
  return negative ? `-${out}` : out;
}
