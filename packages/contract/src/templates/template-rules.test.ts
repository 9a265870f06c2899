import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_TEMPLATE_PLACEHOLDERS, unfilledPlaceholders } from '../sms/template-fill.ts';
import { hasOptOutLine, unknownPlaceholders } from './template-rules.ts';

describe('unknownPlaceholders', () => {
  it('reads a placeholder followed by punctuation as that placeholder', () => {
    expect(unknownPlaceholders('Hi @clientFirstName. Pay by @dueDate, please; @balance! (@payment)')).toEqual([]);
    expect(unknownPlaceholders('@collectorName: @officeName/@officePhone')).toEqual([]);
  });

  it('does not count e-mail addresses', () => {
    expect(unknownPlaceholders('Write to a@b.com or billing@balance.com or first.last+x@firm.example')).toEqual([]);
  });

  it('lists unknown words once, as written', () => {
    expect(unknownPlaceholders('Hi @firstName, @paymentPlan @firstName @Balance')).toEqual([
      '@firstName',
      '@paymentPlan',
    ]);
  });

  it('knows every placeholder in any letter case (as the fill reads them)', () => {
    for (const p of ALL_TEMPLATE_PLACEHOLDERS) {
      expect(unknownPlaceholders(`${p} ${p.toUpperCase()} ${p.toLowerCase()}.`)).toEqual([]);
    }
  });

  it('an @ not followed by a letter is no placeholder', () => {
    expect(unknownPlaceholders('Meet @ 5pm, @5, @_x, @')).toEqual([]);
  });

  it('known placeholders never count as unknown, whatever surrounds them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...ALL_TEMPLATE_PLACEHOLDERS, 'text', '.', ',', '!', 'a@b.com'), { maxLength: 20 }),
        (parts) => {
          expect(unknownPlaceholders(parts.join(' '))).toEqual([]);
        },
      ),
    );
  });
});

describe('unfilledPlaceholders', () => {
  it('names the placeholders left after filling, in the list spelling', () => {
    expect(unfilledPlaceholders('Hi Ana, pay @PAYMENT by @dueDate. @dueDate!')).toEqual(['@payment', '@dueDate']);
    expect(unfilledPlaceholders('Hi Ana, mail billing@balance.com; @unknownWord')).toEqual([]);
  });
});

describe('hasOptOutLine (Regulation F §1006.6(e))', () => {
  it('a text must tell the reader to reply STOP', () => {
    expect(hasOptOutLine('TEXT', 'Your balance is @balance. Reply STOP to opt out.')).toBe(true);
    expect(hasOptOutLine('TEXT', 'Text "STOP" to stop these messages')).toBe(true);
    expect(hasOptOutLine('TEXT', 'reply stop to end')).toBe(true);
    expect(hasOptOutLine('TEXT', 'Your balance is @balance.')).toBe(false);
    expect(hasOptOutLine('TEXT', 'Do not stop paying. Reply STOPPED')).toBe(false);
    expect(hasOptOutLine('TEXT', 'To unsubscribe, call us')).toBe(false);
  });

  it('an e-mail must say how to unsubscribe or opt out', () => {
    expect(hasOptOutLine('EMAIL', 'To unsubscribe from these e-mails, reply with the word UNSUBSCRIBE.')).toBe(true);
    expect(hasOptOutLine('EMAIL', 'You may opt out of e-mail at any time by replying.')).toBe(true);
    expect(hasOptOutLine('EMAIL', 'Opt-out: reply to this message.')).toBe(true);
    expect(hasOptOutLine('EMAIL', 'Dear @clientFirstName, your balance is @balance.')).toBe(false);
    expect(hasOptOutLine('EMAIL', 'Reply STOP')).toBe(false);
  });

  it('a letter needs none', () => {
    expect(hasOptOutLine('LETTER', 'Dear @clientFirstName,')).toBe(true);
  });
});
