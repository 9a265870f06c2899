import { describe, expect, it } from 'vitest';
import { dateOfBirthRange, isValidDateOfBirth } from '../common/field-rules.ts';
import {
  compareDateOfBirth,
  compareName,
  compareValues,
  jaroWinkler,
  NEAR_DATES_OF_BIRTH,
  nearDatesOfBirth,
  normaliseName,
} from './field-comparison.ts';

describe('jaroWinkler', () => {
  it("matches the textbook values (Winkler's MARTHA/MARHTA, DWAYNE/DUANE, DIXON/DICKSONX)", () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('same', 'same')).toBe(1);
    expect(jaroWinkler('', 'abc')).toBe(0);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    // By code point: a letter outside the BMP counts once, as a plain one does.
    expect(jaroWinkler('\u{1D49C}bcd', '\u{1D49C}bce')).toBe(jaroWinkler('abcd', 'abce'));
    expect(jaroWinkler('\u{1D49C}\u{1D49D}', '\u{1D49D}\u{1D49C}')).toBe(jaroWinkler('ab', 'ba'));
  });

  it('names of any length, one after another (the comparison reuses its working space)', () => {
    const long = 'abcdefghij'.repeat(20);
    expect(jaroWinkler(long, long)).toBe(1);
    // 200 of 201 letters matched, a prefix of 4: (200/201 + 200/201 + 1) / 3, raised by 0.4 of the rest.
    expect(jaroWinkler(`${long}x`, `${long}y`)).toBeCloseTo(0.998, 3);
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
  });
});

describe('compareName', () => {
  it('exact ignoring case, accents, punctuation and spaces', () => {
    expect(compareName("O'Brien", 'obrien')).toBe('exact');
    expect(compareName('José', 'Jose')).toBe('exact');
    expect(compareName('Mary Ann', 'MaryAnn')).toBe('exact');
  });

  it('a missing or one-letter name is unknown, not different', () => {
    expect(compareName(undefined, 'Smith')).toBe('missing');
    expect(compareName('Smith', null)).toBe('missing');
    expect(compareName('J', 'John')).toBe('missing');
  });

  it('the nickname signal of the database', () => {
    expect(compareName('bob', 'Robert', { nickname: true, soundsAlike: false })).toBe('nickname');
  });

  it('a prefix of 3+ letters, and one part of a double or hyphenated last name', () => {
    expect(compareName('Joe', 'Joel')).toBe('part');
    expect(compareName('Mitchell', 'Mitch')).toBe('part');
    expect(compareName('Garcia', 'Garcia-Lopez')).toBe('part');
    expect(compareName('Lopez Garcia', 'Garcia')).toBe('part');
    expect(compareName('Al', 'Alexander')).not.toBe('part');
  });

  it('one or two slips of the finger are close', () => {
    expect(compareName('Jarld', 'Jarod')).toBe('close');
    expect(compareName('Felegpa', 'Feleppa')).toBe('close');
    expect(compareName('Lodgw', 'Lodge')).toBe('close');
    expect(compareName('Donalwson', 'Donaldson')).toBe('close');
    expect(compareName('Smiht', 'Smith')).toBe('close');
  });

  it('sound-alike or a larger slip is alike; anything else is different', () => {
    expect(compareName('Cathy', 'Kathy', { nickname: false, soundsAlike: true })).toBe('alike');
    expect(compareName('Ng', 'Eng', { nickname: false, soundsAlike: true })).toBe('alike');
    expect(compareName('Williams', 'Johnson')).toBe('different');
  });

  it('normalises hyphens to spaces and drops everything but letters', () => {
    expect(normaliseName(" Anne-Marie  O'Neil ")).toBe('anne marie oneil');
  });
});

describe('compareDateOfBirth', () => {
  it('exact, missing', () => {
    expect(compareDateOfBirth('1961-04-21', '1961-04-21')).toBe('exact');
    expect(compareDateOfBirth(undefined, '1961-04-21')).toBe('missing');
    expect(compareDateOfBirth('1961-04-21', null)).toBe('missing');
  });

  it('a date not written yyyy-MM-dd is missing, not different', () => {
    for (const odd of ['1961-4-21', '19610421', '1961/04/21', '1961-04-21 ', ' 1961-04-21', '1961-04-2x', '']) {
      expect(compareDateOfBirth(odd, '1961-04-21')).toBe('missing');
      expect(compareDateOfBirth('1961-04-21', odd)).toBe('missing');
    }
  });

  it('near: one digit off, neighbouring digits swapped, day and month swapped', () => {
    expect(compareDateOfBirth('1962-04-21', '1961-04-21')).toBe('near');
    expect(compareDateOfBirth('1961-04-27', '1961-04-21')).toBe('near');
    expect(compareDateOfBirth('1916-04-21', '1961-04-21')).toBe('near');
    expect(compareDateOfBirth('1961-04-12', '1961-12-04')).toBe('near');
  });

  it('different: two digits off, or another year and day', () => {
    expect(compareDateOfBirth('1972-04-21', '1961-04-21')).toBe('different');
    expect(compareDateOfBirth('1961-05-22', '1961-04-21')).toBe('different');
  });
});

describe('nearDatesOfBirth', () => {
  it('one digit of month, day or year off, neighbouring digits swapped, day ↔ month, padded to a fixed count', () => {
    const dates = nearDatesOfBirth('1961-04-12');
    expect(dates).toHaveLength(NEAR_DATES_OF_BIRTH);
    for (const near of [
      '1962-04-12',
      '1951-04-12',
      '1961-04-13',
      '1961-05-12',
      '1961-04-21',
      '1916-04-12',
      '1961-12-04',
    ]) {
      expect(dates).toContain(near);
      expect(compareDateOfBirth(near, '1961-04-12')).toBe('near');
    }
    expect(dates).not.toContain('1961-04-12');
    expect(dates).not.toContain('1861-04-12');
  });

  it('only real dates, and never more than the fixed count, whatever the date', () => {
    expect(nearDatesOfBirth('1960-02-29').filter(Boolean)).toContain('1964-02-29');
    expect(nearDatesOfBirth('1960-02-29').filter(Boolean)).not.toContain('1961-02-29');
    for (const date of ['1911-11-11', '2000-01-01', '1999-12-31', '1988-08-08', '1970-10-10']) {
      const near = nearDatesOfBirth(date).filter((d): d is string => d !== null);
      expect(near.length).toBeGreaterThan(10);
      expect(new Set(near).size).toBe(near.length);
      for (const d of near) expect(compareDateOfBirth(d, date)).toBe('near');
    }
    expect(nearDatesOfBirth('not a date').every((d) => d === null)).toBe(true);
  });

  it("only dates the intake form accepts as a date of birth, to the form's first day 150 years back", () => {
    const { earliest } = dateOfBirthRange();
    const withDigitUp = (position: number) =>
      earliest.slice(0, position) + (Number(earliest[position]) + 1) + earliest.slice(position + 1);
    // A later date of birth one slip away: the year's last or tens digit, the day's last or the month's, one up.
    const later = [3, 2, 9, 6].map(withDigitUp).find((d) => d.length === 10 && isValidDateOfBirth(d));
    expect(later).toBeDefined();
    const near = nearDatesOfBirth(later!).filter((d): d is string => d !== null);
    expect(near).toContain(earliest);
    for (const d of near) expect(isValidDateOfBirth(d)).toBe(true);
  });
});

describe('compareValues', () => {
  it('same, different only when both sides have a value, else missing', () => {
    expect(compareValues(true, true, true)).toBe('same');
    expect(compareValues(false, true, true)).toBe('different');
    expect(compareValues(false, true, false)).toBe('missing');
    expect(compareValues(false, false, true)).toBe('missing');
  });
});
