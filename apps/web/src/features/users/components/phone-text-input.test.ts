import { describe, expect, it } from 'vitest';
import { digitsOnly } from '@casedesk/contract/common/text';
import { formatPhoneAsTyped } from './phone-text-input.tsx';

describe('formatPhoneAsTyped (SPEC §5 (###) ###-####)', () => {
  it.each([
    ['', ''],
    ['3', '(3'],
    ['310', '(310'],
    ['3105', '(310) 5'],
    ['310555', '(310) 555'],
    ['3105550', '(310) 555-0'],
    ['3105550123', '(310) 555-0123'],
    ['31055501234567', '(310) 555-0123'],
    ['(310) 555-0123', '(310) 555-0123'],
    ['310.555.0123', '(310) 555-0123'],
    ['abc', ''],
  ])('%j → %j', (typed, shown) => expect(formatPhoneAsTyped(typed)).toBe(shown));

  it('formatting again changes nothing, and the digits survive', () => {
    for (const typed of ['3', '310555', '3105550123', '(310) 555-01']) {
      const once = formatPhoneAsTyped(typed);
      expect(formatPhoneAsTyped(once)).toBe(once);
      expect(digitsOnly(once)).toBe(digitsOnly(typed).slice(0, 10));
    }
  });
});
