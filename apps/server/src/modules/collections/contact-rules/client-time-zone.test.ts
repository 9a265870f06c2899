import { US_STATE_CODES } from '@casedesk/contract/collections/us-states';
import { describe, expect, it } from 'vitest';
import { areaCodeLocation, areaCodeOf, resolveClientTimeZone } from './client-time-zone.ts';
import { STATE_TIME_ZONES } from './state-time-zones.ts';
import { AREA_CODE_TIME_ZONE_EXCEPTIONS, AREA_CODES_BY_STATE } from './us-area-codes.ts';

const OFFICE = 'America/Chicago';
const knownZones = new Set(Intl.supportedValuesOf('timeZone'));

describe('the data tables', () => {
  it('give every state, DC and territory a zone this runtime knows', () => {
    expect(Object.keys(STATE_TIME_ZONES).sort()).toEqual([...US_STATE_CODES].sort());
    expect(US_STATE_CODES).toHaveLength(56);
    for (const zone of Object.values(STATE_TIME_ZONES)) expect(knownZones, zone).toContain(zone);
    for (const zone of Object.values(AREA_CODE_TIME_ZONE_EXCEPTIONS)) expect(knownZones, zone).toContain(zone);
  });

  it('list each area code once, three digits, never a toll-free or N11 code', () => {
    const all = US_STATE_CODES.flatMap((state) => AREA_CODES_BY_STATE[state].split(' '));
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) {
      expect(code).toMatch(/^[2-9][0-9]{2}$/);
      expect(code[1] === '1' && code[2] === '1', code).toBe(false); // 211, 311 … are service codes
      expect(['800', '833', '844', '855', '866', '877', '888', '500', '900', '710']).not.toContain(code);
    }
    expect(all.length).toBeGreaterThan(360);
    for (const code of Object.keys(AREA_CODE_TIME_ZONE_EXCEPTIONS)) expect(all).toContain(code);
  });
});

describe('areaCodeOf', () => {
  it('reads the area code of a 10-digit number, with or without punctuation and the leading 1', () => {
    expect(areaCodeOf('(617) 555-0100')).toBe('617');
    expect(areaCodeOf('+1 907 555 0100')).toBe('907');
    expect(areaCodeOf('16175550100')).toBe('617');
    expect(areaCodeOf('555-0100')).toBeNull();
    expect(areaCodeOf('')).toBeNull();
    expect(areaCodeOf(null)).toBeNull();
  });

  it('places area codes, split states by the part they serve', () => {
    expect(areaCodeLocation('617')).toEqual({ state: 'MA', timeZone: 'America/New_York' });
    expect(areaCodeLocation('915')).toEqual({ state: 'TX', timeZone: 'America/Denver' }); // El Paso
    expect(areaCodeLocation('214')).toEqual({ state: 'TX', timeZone: 'America/Chicago' });
    expect(areaCodeLocation('850')).toEqual({ state: 'FL', timeZone: 'America/Chicago' }); // Pensacola
    expect(areaCodeLocation('865')).toEqual({ state: 'TN', timeZone: 'America/New_York' }); // Knoxville
    expect(areaCodeLocation('219')).toEqual({ state: 'IN', timeZone: 'America/Chicago' }); // Gary
    expect(areaCodeLocation('602')).toEqual({ state: 'AZ', timeZone: 'America/Phoenix' });
    expect(areaCodeLocation('907')).toEqual({ state: 'AK', timeZone: 'America/Anchorage' });
    expect(areaCodeLocation('808')).toEqual({ state: 'HI', timeZone: 'Pacific/Honolulu' });
    expect(areaCodeLocation('787')).toEqual({ state: 'PR', timeZone: 'America/Puerto_Rico' });
    expect(areaCodeLocation('671')).toEqual({ state: 'GU', timeZone: 'Pacific/Guam' });
    expect(areaCodeLocation('684')).toEqual({ state: 'AS', timeZone: 'Pacific/Pago_Pago' });
    expect(areaCodeLocation('416')).toBeNull(); // Toronto
    expect(areaCodeLocation('800')).toBeNull(); // toll free
  });
});

describe('resolveClientTimeZone: address, else area code, else office', () => {
  it('takes the address state first, as a code or a name, over the phone', () => {
    expect(resolveClientTimeZone({ addressState: 'CA', phone: '6175550100', officeTimeZone: OFFICE })).toEqual({
      timeZone: 'America/Los_Angeles',
      source: 'ADDRESS',
      state: 'CA',
    });
    expect(resolveClientTimeZone({ addressState: ' massachusetts ', officeTimeZone: OFFICE })).toEqual({
      timeZone: 'America/New_York',
      source: 'ADDRESS',
      state: 'MA',
    });
  });

  it('a split state gives the zone of most of its people, even with a phone of the other part', () => {
    expect(resolveClientTimeZone({ addressState: 'TX', phone: '9155550100', officeTimeZone: OFFICE })).toMatchObject({
      timeZone: 'America/Chicago',
      source: 'ADDRESS',
    });
  });

  it('falls back to the area code when the address has no US state', () => {
    for (const addressState of [null, '', 'Ontario', 'Mass']) {
      expect(resolveClientTimeZone({ addressState, phone: '(907) 555-0100', officeTimeZone: OFFICE })).toEqual({
        timeZone: 'America/Anchorage',
        source: 'AREA_CODE',
        state: 'AK',
      });
    }
  });

  it('falls back to the office for a foreign, toll-free or missing number', () => {
    for (const phone of ['4165550100', '8005550100', '555-0100', null]) {
      expect(resolveClientTimeZone({ phone, officeTimeZone: OFFICE })).toEqual({
        timeZone: OFFICE,
        source: 'OFFICE',
        state: null,
      });
    }
  });
});
