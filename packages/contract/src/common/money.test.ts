import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatGroupedCents, formatMoney, parseCents, sanitizeDecimalInput } from './money.ts';
import { centsSchema } from './cents-schema.ts';

describe('formatCents (SPEC §5: cents with two decimals)', () => {
  it.each([
    [12345, '123.45'],
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [100, '1.00'],
    [-5, '-0.05'],
    [-12345, '-123.45'],
    [123456789, '1234567.89'],
    [12.6, '0.13'],
  ])('%d → %s', (cents, text) => expect(formatCents(cents)).toBe(text));

  it('gives an empty string for values that are not numbers', () => {
    expect(formatCents(Number.NaN)).toBe('');
    expect(formatCents(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('always shows two decimals (property)', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => {
        expect(formatCents(cents)).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });
});

describe('parseCents', () => {
  it.each([
    ['123.45', 12345],
    ['123.4', 12340],
    ['123.', 12300],
    ['123', 12300],
    ['.5', 50],
    ['0.05', 5],
    ['1,234.50', 123450],
    [' 7 ', 700],
    ['-1.05', -105],
    ['-0', 0],
  ])('%s → %d', (text, cents) => expect(parseCents(text)).toBe(cents));

  it.each(['', '.', '-', 'abc', '1.234', '1.2.3', '1e5', '--1', '99999999999999999999'])(
    '%j is not an amount',
    (text) => expect(parseCents(text)).toBeNull(),
  );

  it('reads back what formatCents wrote, for every safe amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseCents(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it('never returns a fraction of a cent (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseCents(text);
        if (parsed !== null) expect(centsSchema.safeParse(parsed).success).toBe(true);
      }),
    );
  });
});

describe('sanitizeDecimalInput', () => {
  it.each([
    ['12a.345', '12.34'],
    ['1.2.3', '1.23'],
    ['$1,000.5', '1000.5'],
    ['-5', '5'],
    ['', ''],
  ])('%j → %j', (typed, kept) => expect(sanitizeDecimalInput(typed)).toBe(kept));

  it('keeps a leading minus only when negatives are allowed', () => {
    expect(sanitizeDecimalInput('-5.5', true)).toBe('-5.5');
    expect(sanitizeDecimalInput('5-5', true)).toBe('55');
  });

  it('leaves only digits, one dot and at most two decimals (property)', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        expect(sanitizeDecimalInput(typed)).toMatch(/^\d*(\.\d{0,2})?$/);
      }),
    );
  });
});

describe('formatMoney (an amount to read)', () => {
  it.each([
    [13260375, '$132,603.75'],
    [100000000, '$1,000,000.00'],
    [99999, '$999.99'],
    [5, '$0.05'],
    [-123456789, '-$1,234,567.89'],
  ])('%d → %s', (cents, shown) => {
    expect(formatMoney(cents)).toBe(shown);
  });

  it('reads back to the same cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        (cents) => parseCents(formatMoney(cents).replace('$', '')) === cents,
      ),
    );
  });
});

describe('formatGroupedCents (a column of figures)', () => {
  it.each([
    [1234567, '12,345.67'],
    [100000000, '1,000,000.00'],
    [99999, '999.99'],
    [5, '0.05'],
    [-123456, '-1,234.56'],
    [-5, '-0.05'],
  ])('%d → %s', (cents, shown) => {
    expect(formatGroupedCents(cents)).toBe(shown);
  });

  it('is formatMoney without the dollar sign, and reads back to the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const grouped = formatGroupedCents(cents);
        return grouped === formatMoney(cents).replace('$', '') && parseCents(grouped) === cents;
      }),
    );
  });

  it('gives nothing for what is not a number', () => {
    expect(formatGroupedCents(Number.NaN)).toBe('');
  });
});
