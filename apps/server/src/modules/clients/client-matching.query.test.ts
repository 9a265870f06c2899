import { describe, expect, it } from 'vitest';
import type { CandidateSearch, PersonProbe } from './client-matching.query.ts';
import { candidatesStatement } from './client-matching.query.ts';

const EVERYTHING: PersonProbe = {
  firstName: 'robert',
  lastName: 'smith',
  dateOfBirth: '1980-04-12',
  phones: ['2135550101', '3105550199', '4155550123', '6465550188'],
  email: 'bob.smith@gmail.com',
  lmsClientNumber: 'lms-0000001',
};
const EXCLUDED = '00000000-0000-4000-8000-000000000000';
const conflictSearches = (client: PersonProbe, opposing: PersonProbe): CandidateSearch[] => [
  { table: 'opposing', probe: client, excludeId: EXCLUDED },
  { table: 'clients', probe: opposing },
  { table: 'opposing', probe: opposing, excludeId: EXCLUDED },
];

describe('candidatesStatement', () => {
  it('names a statement by its shape only: the same name for other values of the same shape', () => {
    const a = candidatesStatement([{ table: 'clients', probe: EVERYTHING }])!;
    const b = candidatesStatement([
      { table: 'clients', probe: { ...EVERYTHING, firstName: 'anne', phones: ['1111111111', '2', '3', '4'] } },
    ])!;
    expect(a.name).toBe(b.name);
    const fewerPhones = candidatesStatement([{ table: 'clients', probe: { ...EVERYTHING, phones: ['2135550101'] } }])!;
    expect(fewerPhones.name).not.toBe(a.name);
  });

  it('keeps every name within the 63 bytes PostgreSQL keeps of a prepared statement name', () => {
    const longest = candidatesStatement(conflictSearches(EVERYTHING, EVERYTHING))!;
    expect(Buffer.byteLength(longest.name)).toBeLessThanOrEqual(63);
  });

  it('a search with nothing to look for is left out, and its rows are none', () => {
    const statement = candidatesStatement(conflictSearches({ phones: [] }, EVERYTHING))!;
    expect(statement.keys).toEqual([undefined, 'p1', 'p2']);
    const other = candidatesStatement(conflictSearches(EVERYTHING, { phones: [] }))!;
    expect(other.keys).toEqual(['p0', undefined, undefined]);
    expect(other.name).not.toBe(statement.name);
    expect(candidatesStatement(conflictSearches({ phones: [] }, { phones: [] }))).toBeUndefined();
  });

  it('sends a name prefix as a range covering exactly the names that start with it', () => {
    const { values } = candidatesStatement([{ table: 'clients', probe: EVERYTHING }])!;
    expect(values.firstPrefixFrom_p0).toBe('rob');
    expect(values.firstPrefixTo_p0).toBe('rob\u{10FFFF}');
    expect(values.reversedPhone0_p0).toBe('1010555312');
    const inRange = (name: string) => name >= 'rob' && name < 'rob\u{10FFFF}';
    expect(['rob', 'robert', 'robé'].every(inRange)).toBe(true);
    expect(['roa', 'roc', 'ro'].some(inRange)).toBe(false);
  });

  it('cuts a prefix between characters, never inside one', () => {
    const { values } = candidatesStatement([{ table: 'clients', probe: { ...EVERYTHING, firstName: '𝒜𝒷𝒸𝒹' } }])!;
    expect(values.firstPrefixFrom_p0).toBe('𝒜𝒷𝒸');
  });
});
