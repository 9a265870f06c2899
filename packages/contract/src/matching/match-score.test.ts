import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NameLevel } from './field-comparison.ts';
import { AGREEMENT_LEVELS, DOB_LEVELS, NAME_LEVELS } from './field-comparison.ts';
import type { MatchFeatures } from './match-score.ts';
import { LIKELY_DUPLICATE_SCORE, MATCH_OFFER_BITS, PRIOR_BITS, scoreMatch, scoreOfBits } from './match-score.ts';
import { LEARNED_MATCH_WEIGHTS } from './match-weights.ts';

const unknown: MatchFeatures = {
  first: 'missing',
  last: 'missing',
  swappedFirst: 'missing',
  swappedLast: 'missing',
  dateOfBirth: 'missing',
  phone: 'missing',
  email: 'missing',
  lmsClientNumber: 'missing',
};
/** The straight reading; the swapped one compares first with last, which for different people disagrees. */
const names = (first: NameLevel, last: NameLevel): MatchFeatures => ({
  ...unknown,
  first,
  last,
  swappedFirst: 'different',
  swappedLast: 'different',
});

describe('scoreMatch', () => {
  it('nothing known: the prior alone, not offered, no reasons', () => {
    const result = scoreMatch(unknown);
    expect(result).toMatchObject({ score: 0, reasons: [], offered: false, likely: false });
  });

  it('the learned weights: agreement counts for, disagreement against, unknown nothing', () => {
    const w = LEARNED_MATCH_WEIGHTS;
    for (const field of ['first', 'last'] as const) {
      expect(w[field].missing).toBe(0);
      expect(w[field].exact).toBeGreaterThan(0);
      expect(w[field].different).toBeLessThan(0);
      expect(w[field].exact).toBeGreaterThanOrEqual(w[field].close);
    }
    expect(w.dateOfBirth.exact).toBeGreaterThan(w.dateOfBirth.near);
    expect(w.dateOfBirth.different).toBeLessThan(0);
    for (const field of ['phone', 'email', 'lmsClientNumber'] as const) {
      expect(w[field].same).toBeGreaterThan(0);
      expect(w[field].missing).toBe(0);
    }
  });

  it('a person typed with a slip in each name and the right birthday is a likely duplicate', () => {
    const result = scoreMatch({ ...names('close', 'close'), dateOfBirth: 'exact' });
    expect(result.likely).toBe(true);
    expect(result.reasons).toEqual(['SAME_DOB', 'SIMILAR_NAME']);
  });

  it('last name and birthday, no first name typed, is offered: a missing name is unknown, not different', () => {
    const result = scoreMatch({ ...names('missing', 'exact'), swappedFirst: 'missing', dateOfBirth: 'exact' });
    expect(result.offered).toBe(true);
    expect(result.reasons).toEqual(['SAME_DOB', 'SAME_NAME']);
    expect(result.bits).toBe(LEARNED_MATCH_WEIGHTS.last.exact + LEARNED_MATCH_WEIGHTS.dateOfBirth.exact);
  });

  it('a stranger who shares a last name and not the birthday is not likely', () => {
    const result = scoreMatch({ ...names('different', 'exact'), dateOfBirth: 'different' });
    expect(result.likely).toBe(false);
    expect(result.offered).toBe(false);
  });

  it('the same full name with a different birthday is not likely', () => {
    expect(scoreMatch({ ...names('exact', 'exact'), dateOfBirth: 'different' }).likely).toBe(false);
  });

  it('a birthday alone is not offered; the same phone alone is; names alone are, with a low score', () => {
    expect(scoreMatch({ ...unknown, dateOfBirth: 'exact' }).offered).toBe(false);
    const byName = scoreMatch(names('exact', 'exact'));
    expect(byName.offered).toBe(true);
    expect(byName.likely).toBe(false);
    const phone = scoreMatch({ ...unknown, phone: 'same' });
    expect(phone).toMatchObject({ offered: true, reasons: ['SAME_PHONE'] });
  });

  it('swapped first and last names are recognised, below the straight reading', () => {
    const swapped = scoreMatch({
      ...unknown,
      first: 'different',
      last: 'different',
      swappedFirst: 'exact',
      swappedLast: 'exact',
    });
    expect(swapped.reasons).toEqual(['SAME_NAME', 'SWAPPED_NAMES']);
    expect(swapped.bits).toBeLessThan(scoreMatch(names('exact', 'exact')).bits);
  });

  it('a nickname with a sound-alike last name (Bob Smyth ~ Robert Smith) says both', () => {
    expect(scoreMatch(names('nickname', 'alike')).reasons).toEqual(['NICKNAME', 'NAME_SOUNDS_ALIKE']);
  });

  it('the score is the probability at the prior odds: 50 at even odds, 99 short of certainty', () => {
    expect(scoreOfBits(PRIOR_BITS)).toBe(50);
    expect(scoreOfBits(PRIOR_BITS + 1)).toBe(67);
    expect(scoreOfBits(PRIOR_BITS + 20)).toBe(99);
    expect(scoreOfBits(2000)).toBe(100);
    expect(scoreOfBits(-50)).toBe(0);
    expect(scoreOfBits(MATCH_OFFER_BITS)).toBeLessThan(LIKELY_DUPLICATE_SCORE);
  });

  const features = fc.record({
    first: fc.constantFrom(...NAME_LEVELS),
    last: fc.constantFrom(...NAME_LEVELS),
    swappedFirst: fc.constantFrom(...NAME_LEVELS),
    swappedLast: fc.constantFrom(...NAME_LEVELS),
    dateOfBirth: fc.constantFrom(...DOB_LEVELS),
    phone: fc.constantFrom(...AGREEMENT_LEVELS),
    email: fc.constantFrom(...AGREEMENT_LEVELS),
    lmsClientNumber: fc.constantFrom(...AGREEMENT_LEVELS),
  });

  it('scores stay in 0–100, reasons are unique, and the levels follow the score (property)', () => {
    fc.assert(
      fc.property(features, (f) => {
        const result = scoreMatch(f);
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(100);
        expect(new Set(result.reasons).size).toBe(result.reasons.length);
        expect(result.likely).toBe(result.offered && result.score >= LIKELY_DUPLICATE_SCORE);
        if (result.offered) expect(result.bits).toBeGreaterThanOrEqual(MATCH_OFFER_BITS);
        if (result.offered) expect(result.score).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('an identifying value that agrees never lowers the score (property)', () => {
    fc.assert(
      fc.property(features, fc.constantFrom('phone', 'email', 'lmsClientNumber' as const), (f, key) => {
        expect(scoreMatch({ ...f, [key]: 'same' }).bits).toBeGreaterThan(scoreMatch({ ...f, [key]: 'missing' }).bits);
      }),
    );
  });

  it('no partial agreement of a name scores above the exact one, nor below disagreement (property)', () => {
    fc.assert(
      fc.property(features, fc.constantFrom('first', 'last' as const), (f, key) => {
        const bits = (level: NameLevel) => scoreMatch({ ...f, [key]: level }).bits;
        for (const level of ['nickname', 'part', 'close', 'alike'] as const) {
          expect(bits(level)).toBeLessThanOrEqual(bits('exact'));
          expect(bits(level)).toBeGreaterThanOrEqual(bits('different'));
        }
      }),
    );
  });
});
