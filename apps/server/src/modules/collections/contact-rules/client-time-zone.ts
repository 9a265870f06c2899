import type { ClientTimeZoneSource } from '@casedesk/contract/collections/contact-rules';
import { US_STATE_CODES, usStateCodeOf, type UsStateCode } from '@casedesk/contract/collections/us-states';
import { digitsOnly } from '@casedesk/contract/common/text';
import { STATE_TIME_ZONES } from './state-time-zones.ts';
import { AREA_CODE_TIME_ZONE_EXCEPTIONS, AREA_CODES_BY_STATE } from './us-area-codes.ts';

export interface ClientTimeZone {
  /** IANA zone the contact rules read the client's clock in. */
  timeZone: string;
  source: ClientTimeZoneSource;
  /**
   * The state whose contact rule applies: the address's, else the area code's; null when neither is
   * known (the DEFAULT rule applies).
   */
  state: UsStateCode | null;
}

export interface ClientWhereabouts {
  /** The client's address state as stored: a code or a name ('MA', 'Massachusetts'). */
  addressState?: string | null;
  /** The number to be called or texted, in any punctuation, with or without the leading 1. */
  phone?: string | null;
  /** The IANA zone of the office the account belongs to. */
  officeTimeZone: string;
}

export interface AreaCodeEntry {
  state: UsStateCode;
  timeZone: string;
}

const AREA_CODES: ReadonlyMap<string, AreaCodeEntry> = (() => {
  const byCode = new Map<string, AreaCodeEntry>();
  for (const state of US_STATE_CODES) {
    for (const code of AREA_CODES_BY_STATE[state].split(' ')) {
      byCode.set(code, { state, timeZone: AREA_CODE_TIME_ZONE_EXCEPTIONS[code] ?? STATE_TIME_ZONES[state] });
    }
  }
  return byCode;
})();

/** The area code of a US number: '(617) 555-0100', '+1 617 555 0100' → '617'; null when not 10 digits. */
export function areaCodeOf(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = digitsOnly(phone);
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? digits.slice(0, 3) : null;
}

/** The state and zone of a US geographic area code; null for toll-free, Canadian or unassigned codes. */
export function areaCodeLocation(areaCode: string): AreaCodeEntry | null {
  return AREA_CODES.get(areaCode) ?? null;
}

/**
 * The zone the client's clock is read in, in the requirement's order: the state of the client's
 * address, else the area code of the number being contacted, else the office's zone. A state split
 * between zones gives the zone of most of its people (state-time-zones.ts); the address still wins
 * over the phone there, because a number keeps its area code when its owner moves.
 */
export function resolveClientTimeZone(where: ClientWhereabouts): ClientTimeZone {
  const addressState = usStateCodeOf(where.addressState);
  if (addressState) return { timeZone: STATE_TIME_ZONES[addressState], source: 'ADDRESS', state: addressState };
  const areaCode = areaCodeOf(where.phone);
  const located = areaCode ? areaCodeLocation(areaCode) : null;
  if (located) return { timeZone: located.timeZone, source: 'AREA_CODE', state: located.state };
  return { timeZone: where.officeTimeZone, source: 'OFFICE', state: null };
}
