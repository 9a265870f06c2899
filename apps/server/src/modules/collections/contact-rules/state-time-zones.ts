import type { UsStateCode } from '@casedesk/contract/collections/us-states';

/**
 * The IANA zone of each state, district and territory. Where a state spans two zones, the zone of most
 * of its people is taken, and the comment names the part that keeps other time; a client there whose
 * phone has an area code of that part is still read by the address first (see client-time-zone.ts).
 * Every zone here is one `Intl.supportedValuesOf('timeZone')` lists (the office form accepts the same).
 */
export const STATE_TIME_ZONES: Record<UsStateCode, string> = {
  AL: 'America/Chicago',
  // The Aleutians west of 169°30′ W keep Hawaii–Aleutian time (America/Adak).
  AK: 'America/Anchorage',
  // Arizona keeps standard time all year; the Navajo Nation in its north-east observes daylight saving.
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  // The western Panhandle (Pensacola, Panama City) is Central.
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  // Southern Idaho (Boise) is Mountain; the northern Panhandle (Coeur d'Alene) is Pacific.
  ID: 'America/Boise',
  IL: 'America/Chicago',
  // Indianapolis and most of the state are Eastern; the north-west (Gary) and south-west (Evansville) are Central.
  IN: 'America/New_York',
  IA: 'America/Chicago',
  // Four western counties are Mountain.
  KS: 'America/Chicago',
  // Louisville and Lexington are Eastern; the western half (Bowling Green, Paducah) is Central.
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  // Four Upper Peninsula counties bordering Wisconsin are Central.
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  // The western Panhandle (Scottsbluff) is Mountain.
  NE: 'America/Chicago',
  // West Wendover is Mountain.
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  // The south-west is Mountain.
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  // Most of Malheur County (Ontario) is Mountain.
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  // Sioux Falls and the east are Central; the west (Rapid City) is Mountain.
  SD: 'America/Chicago',
  // Nashville and Memphis are Central; East Tennessee (Knoxville, Chattanooga) is Eastern.
  TN: 'America/Chicago',
  // El Paso and Hudspeth counties are Mountain.
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  // Atlantic Standard Time all year, no daylight saving.
  PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
  // Chamorro Standard Time (UTC+10) all year.
  GU: 'Pacific/Guam',
  MP: 'Pacific/Saipan',
  // Samoa Standard Time (UTC−11) all year.
  AS: 'Pacific/Pago_Pago',
};
