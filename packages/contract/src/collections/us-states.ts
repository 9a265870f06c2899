/**
 * The USPS two-letter codes of the 50 states, the District of Columbia and the inhabited territories
 * (Puerto Rico, the U.S. Virgin Islands, Guam, American Samoa, the Northern Mariana Islands), with
 * their names. A client's address holds its state as free text (SPEC §3), so the contact rules read
 * it through `usStateCodeOf`, which knows both the code and the name.
 */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  GU: 'Guam',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
} as const;

export type UsStateCode = keyof typeof US_STATES;
export const US_STATE_CODES = Object.keys(US_STATES) as [UsStateCode, ...UsStateCode[]];

/** Names as people type them, lower case without punctuation, to the code. */
const codeByName = new Map<string, UsStateCode>();
for (const code of US_STATE_CODES) codeByName.set(simplified(US_STATES[code]), code);
codeByName.set('virgin islands', 'VI');
codeByName.set('us virgin islands', 'VI');
codeByName.set('washington dc', 'DC');

function simplified(text: string): string {
  return text.toLowerCase().replace(/[.,']/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * The state code an address's free-text state names: 'MA', 'ma', ' Massachusetts ' → 'MA';
 * null for anything else ('Mass', 'Ontario', ''), so the caller falls back to the next source.
 */
export function usStateCodeOf(text: string | null | undefined): UsStateCode | null {
  if (!text) return null;
  const plain = simplified(text);
  const upper = plain.toUpperCase();
  if (Object.hasOwn(US_STATES, upper)) return upper as UsStateCode;
  return codeByName.get(plain) ?? null;
}
