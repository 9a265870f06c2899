import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MatchFeatures, NameComparison } from './match-score.ts';
import { scoreMatch } from './match-score.ts';

const none: NameComparison = { exact: false, nickname: false, soundsAlike: false, similarity: 0 };
const exact: NameComparison = { exact: true, nickname: false, soundsAlike: true, similarity: 1 };
const nickname: NameComparison = { ...none, nickname: true, similarity: 0.1 };
const soundsAlike: NameComparison = { ...none, soundsAlike: true, similarity: 0.4 };
const typo = (similarity: number): NameComparison => ({ ...none, similarity });

const base: MatchFeatures = { samePhone: false, sameEmail: false, sameDateOfBirth: false };
const names = (first: NameComparison, last: NameComparison): MatchFeatures => ({
  ...base,
  first,
  last,
  swappedFirst: none,
  swappedLast: none,
});

describe('scoreMatch', () => {
  it('nothing in common: score 0, not likely, no reasons', () => {
    expect(scoreMatch(names(none, none))).toEqual({ score: 0, reasons: [], likely: false });
  });

  it('the same phone alone is likely, with its reason', () => {
    expect(scoreMatch({ ...base, samePhone: true })).toEqual({ score: 40, reasons: ['SAME_PHONE'], likely: true });
  });

  it('the same email alone is likely; a shared birthday alone is not', () => {
    expect(scoreMatch({ ...base, sameEmail: true })).toMatchObject({ likely: true, reasons: ['SAME_EMAIL'] });
    expect(scoreMatch({ ...base, sameDateOfBirth: true })).toMatchObject({ likely: false, reasons: ['SAME_DOB'] });
  });

  it('the same full name is likely and says so', () => {
    expect(scoreMatch(names(exact, exact))).toEqual({ score: 35, reasons: ['SAME_NAME'], likely: true });
  });

  it('a nickname with a sound-alike last name (Bob Smyth ~ Robert Smith) is likely, with both reasons', () => {
    const result = scoreMatch(names(nickname, soundsAlike));
    expect(result.likely).toBe(true);
    expect(result.reasons).toEqual(['NICKNAME', 'NAME_SOUNDS_ALIKE']);
  });

  it('a typo (similarity ≥ 0.67 after weighting) counts as a similar name', () => {
    const result = scoreMatch(names(exact, typo(0.8)));
    expect(result.reasons).toEqual(['SIMILAR_NAME']);
    expect(result.likely).toBe(true);
  });

  it('swapped first and last names are recognised, slightly below the straight reading', () => {
    const swapped = scoreMatch({ ...base, first: none, last: none, swappedFirst: exact, swappedLast: exact });
    expect(swapped.reasons).toEqual(['SAME_NAME', 'SWAPPED_NAMES']);
    expect(swapped.score).toBeLessThan(scoreMatch(names(exact, exact)).score);
    expect(swapped.likely).toBe(true);
  });

  it('one matching name alone is not likely, but with the same DOB it is (a maiden name changed)', () => {
    expect(scoreMatch(names(exact, none)).likely).toBe(false);
    const withDob = scoreMatch({ ...names(exact, none), sameDateOfBirth: true });
    expect(withDob.likely).toBe(true);
    expect(withDob.reasons).toEqual(['SAME_DOB', 'SAME_NAME']);
  });

  it('everything at once is capped at 100', () => {
    const all = scoreMatch({
      ...names(exact, exact),
      samePhone: true,
      sameEmail: true,
      sameDateOfBirth: true,
      sameLmsClientNumber: true,
    });
    expect(all.score).toBe(100);
    expect(all.reasons).toEqual(['SAME_PHONE', 'SAME_EMAIL', 'SAME_LMS_CLIENT_NUMBER', 'SAME_DOB', 'SAME_NAME']);
  });

  const comparison = fc.record({
    exact: fc.boolean(),
    nickname: fc.boolean(),
    soundsAlike: fc.boolean(),
    similarity: fc.double({ min: 0, max: 1, noNaN: true }),
  });
  const features = fc.record({
    first: comparison,
    last: comparison,
    swappedFirst: comparison,
    swappedLast: comparison,
    samePhone: fc.boolean(),
    sameEmail: fc.boolean(),
    sameDateOfBirth: fc.boolean(),
    sameLmsClientNumber: fc.boolean(),
  });

  it('scores stay in 0–100 and an identifying signal is always likely (property)', () => {
    fc.assert(
      fc.property(features, (f) => {
        const result = scoreMatch(f);
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(100);
        if (f.samePhone || f.sameEmail || f.sameLmsClientNumber) expect(result.likely).toBe(true);
        expect(new Set(result.reasons).size).toBe(result.reasons.length);
      }),
    );
  });

  it('adding a signal never lowers the score (property)', () => {
    fc.assert(
      fc.property(
        features,
        fc.constantFrom('samePhone', 'sameEmail', 'sameDateOfBirth', 'sameLmsClientNumber'),
        (f, key) => {
          const without = scoreMatch({ ...f, [key]: false });
          const withIt = scoreMatch({ ...f, [key]: true });
          expect(withIt.score).toBeGreaterThanOrEqual(without.score);
        },
      ),
    );
  });
});
