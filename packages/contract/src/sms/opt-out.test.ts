import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS, optOutKeyword } from './opt-out.ts';

describe('opt-out keywords', () => {
  it('reads every opt-out and opt-in keyword in any case', () => {
    for (const word of OPT_OUT_KEYWORDS) {
      expect(optOutKeyword(word)).toBe('OPT_OUT');
      expect(optOutKeyword(word.toLowerCase())).toBe('OPT_OUT');
    }
    expect(optOutKeyword('Start')).toBe('OPT_IN');
    expect(optOutKeyword('unstop')).toBe('OPT_IN');
  });

  it('ignores surrounding whitespace and punctuation', () => {
    expect(optOutKeyword('  Stop. ')).toBe('OPT_OUT');
    expect(optOutKeyword('STOP!!!')).toBe('OPT_OUT');
    expect(optOutKeyword('"unsubscribe"')).toBe('OPT_OUT');
    expect(optOutKeyword('\nstart\n')).toBe('OPT_IN');
  });

  it('matches the whole message only', () => {
    expect(optOutKeyword('please stop')).toBeNull();
    expect(optOutKeyword('stop it')).toBeNull();
    expect(optOutKeyword('STOPPED')).toBeNull();
    expect(optOutKeyword('yes')).toBeNull();
    expect(optOutKeyword('')).toBeNull();
    expect(optOutKeyword('S T O P')).toBeNull();
  });

  it('any keyword wrapped in random case, whitespace and punctuation is still that keyword', () => {
    const keyword = fc.constantFrom(...OPT_OUT_KEYWORDS, ...OPT_IN_KEYWORDS);
    const wrap = fc.stringMatching(/^[\s.,!?"'()-]{0,4}$/);
    fc.assert(
      fc.property(
        keyword,
        wrap,
        wrap,
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (word, pre, post, up) => {
          const cased = [...word].map((c, i) => (up[i] ? c.toUpperCase() : c.toLowerCase())).join('');
          const expected = (OPT_OUT_KEYWORDS as readonly string[]).includes(word) ? 'OPT_OUT' : 'OPT_IN';
          expect(optOutKeyword(`${pre}${cased}${post}`)).toBe(expected);
        },
      ),
    );
  });

  it('a message with a letter or digit beside the keyword is not a keyword', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OPT_OUT_KEYWORDS), fc.stringMatching(/^[a-z0-9]$/), (word, extra) => {
        expect(optOutKeyword(`${word}${extra}`)).toBeNull();
      }),
    );
  });
});
