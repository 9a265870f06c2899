import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillTemplate, TEMPLATE_PLACEHOLDERS, termBlocksPaymentPlaceholders } from './template-fill.ts';

const values = {
  clientFirstName: 'Ana',
  clientLastName: 'Ruiz',
  balance: '$1,200.00',
  collectorName: 'Casey Collector',
  payment: '$100.00',
  dueDate: '07-01-2026',
};

describe('fillTemplate (SPEC §3 placeholders)', () => {
  it('fills every placeholder', () => {
    const content = 'Hi @clientFirstName @clientLastName, balance @balance. @collectorName: pay @payment by @dueDate.';
    expect(fillTemplate(content, values)).toBe(
      'Hi Ana Ruiz, balance $1,200.00. Casey Collector: pay $100.00 by 07-01-2026.',
    );
  });

  it('reads placeholders in any case (@duedate as well as @dueDate)', () => {
    expect(fillTemplate('due @duedate / @DUEDATE / @ClientFirstName', values)).toBe(
      'due 07-01-2026 / 07-01-2026 / Ana',
    );
  });

  it('keeps a placeholder without a value and leaves look-alikes alone', () => {
    expect(fillTemplate('Pay @payment by @dueDate', { payment: '$5.00' })).toBe('Pay $5.00 by @dueDate');
    // An e-mail address is not a placeholder, even when its domain starts like one.
    expect(fillTemplate('@paymentPlan and mail@balance.com', values)).toBe('@paymentPlan and mail@balance.com');
    expect(fillTemplate('@paymentPlan', values)).toBe('@paymentPlan');
  });

  it('text without placeholders is unchanged', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('@')),
        (s) => {
          expect(fillTemplate(s, values)).toBe(s);
        },
      ),
    );
  });

  it('fills once: values that contain placeholders are inserted as they are', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TEMPLATE_PLACEHOLDERS), fc.string(), (placeholder, value) => {
        const key = placeholder.slice(1) as keyof typeof values;
        expect(fillTemplate(`[${placeholder}]`, { [key]: value })).toBe(`[${value}]`);
        expect(fillTemplate(`[${placeholder}]`, { [key]: '@payment' })).toBe('[@payment]');
      }),
    );
  });

  it('a filled template has no placeholder left when every value is given and none contains @', () => {
    const safe = fc.string().filter((s) => !s.includes('@'));
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...TEMPLATE_PLACEHOLDERS, 'text', '.'), { maxLength: 20 }),
        safe,
        (parts, value) => {
          const all = Object.fromEntries(TEMPLATE_PLACEHOLDERS.map((p) => [p.slice(1), value]));
          // Placeholders end where a non-word character follows them.
          expect(fillTemplate(parts.join(' '), all)).not.toMatch(/@/);
        },
      ),
    );
  });
});

describe("termBlocksPaymentPlaceholders (SPEC §5 'Term is not Payment Plan')", () => {
  it('blocks @payment and @duedate unless the term is Payment Plan', () => {
    expect(termBlocksPaymentPlaceholders('Settlement', 'Pay @payment')).toBe(true);
    expect(termBlocksPaymentPlaceholders(null, 'due @dueDate')).toBe(true);
    expect(termBlocksPaymentPlaceholders(undefined, 'due @DUEDATE')).toBe(true);
    expect(termBlocksPaymentPlaceholders('Payment Plan', 'Pay @payment by @dueDate')).toBe(false);
    expect(termBlocksPaymentPlaceholders('Settlement', 'Balance @balance')).toBe(false);
  });

  it('never blocks a body without @payment or @duedate, whatever the term', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.string(), (term, body) => {
        const has = /@payment|@duedate/i.test(body);
        expect(termBlocksPaymentPlaceholders(term, body)).toBe(has && term !== 'Payment Plan');
      }),
    );
  });
});
