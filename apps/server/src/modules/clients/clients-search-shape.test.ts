import type { Scope } from '@casedesk/contract/access/permissions';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database.ts';
import { BoundValues } from '../../platform/db/shape-cache.ts';
import { keywordShape, planFuzzySearch, planSearch, searchStatementsByShape } from './clients-search.repository.ts';

// Only builds SQL text: no connection is made.
const db = drizzle.mock({ casing: 'snake_case' }) as unknown as Db;

/** Keywords of every kind the planners tell apart, several of each shape with other letters and digits. */
const KEYWORDS = [
  ...['smith', 'jones', 'brown', 'lang', 'ma', 'jo', 's', 'x', "o'neil", 'anne-marie', 'zhao'],
  ...['john smith', 'mary jones', 'smith john', 'jon smi', 'jo sm', 'smtih john', 'ab cd', 'a b', 'al bo'],
  ...['john q smith', 'mary k jones', 'a b c', 'smith, john', 'jxhnathan smithers', 'smxthxrs', 'müller anna'],
  ...['1234', '5678', '0142', '(213) 555-0142', '(818) 555-9999', '1 213 555 0142', '12135550142', '22135550142'],
  ...['+1 (213) 555-0142', '213.555.0142', '555-0142', '99999', '1111', '12'],
  ...['j.smith@example.com', 'a.jones@example.org', 'j.smith@', 'smithers@example', 'x@y', '@', 'a@b.c'],
  ...['lms-1234567', 'lms-7654321', 'lms1', 'abc1', '12345678', '87654321', 'n-42', 'a.b'],
  ...['', '   ', 'ñandú', '42 smith', 'smith 42', "d'arcy o'neil"],
];

const SCOPES: Scope[] = [
  { kind: 'all' },
  { kind: 'none' },
  { kind: 'limited', only: ['7d0c7cc4-55ae-4f4b-9e0c-1f5e4b1f0a01'], except: [] },
  { kind: 'limited', only: ['7d0c7cc4-55ae-4f4b-9e0c-1f5e4b1f0a02'], except: [] },
  { kind: 'limited', only: null, except: ['7d0c7cc4-55ae-4f4b-9e0c-1f5e4b1f0a01'] },
];
const SORTS = [{}, { sortBy: 'lastName', sortOrder: 'DESC' }, { sortBy: 'email', sortOrder: 'ASC' }] as const;

describe('client search statements, built once per shape', () => {
  it('never keeps two different statements under one key', () => {
    const byKey = new Map<string, { keyword: string; sql: string; params: unknown[] }>();
    let shared = 0;
    for (const scope of SCOPES) {
      for (const sort of SORTS) {
        for (const keyword of KEYWORDS) {
          for (const statement of searchStatementsByShape(db, keyword, { scope, ...sort })) {
            const first = byKey.get(statement.key);
            if (!first) {
              byKey.set(statement.key, { keyword, ...statement });
              continue;
            }
            shared++;
            // The same text, and the same values baked into it (placeholders compare by name).
            expect(statement.sql, `"${keyword}" and "${first.keyword}"`).toBe(first.sql);
            expect(statement.params, `"${keyword}" and "${first.keyword}"`).toEqual(first.params);
          }
        }
      }
    }
    // The corpus does have keywords of one shape (else the test above proves nothing).
    expect(shared).toBeGreaterThan(500);
  });

  it('binds the same values when it only binds them (a kept shape) as when it builds the statement', () => {
    let bound = 0;
    for (const planner of [planSearch, planFuzzySearch]) {
      for (const keyword of KEYWORDS) {
        const building = new BoundValues();
        const valuesOnly = new BoundValues(false);
        const plan = planner(keyword, building);
        expect(planner(keyword, valuesOnly) === undefined, keyword).toBe(plan === undefined);
        expect(valuesOnly.named, keyword).toEqual(building.named);
        bound += Object.keys(building.named).length;
      }
    }
    expect(bound).toBeGreaterThan(KEYWORDS.length * 2);
  });

  it('keeps no keyword in a statement: every letter and digit typed is a bound value', () => {
    for (const statement of searchStatementsByShape(db, 'qzxv wykj', { scope: { kind: 'all' } })) {
      expect(statement.sql).not.toMatch(/qzxv|wykj/);
      expect(statement.params).not.toContain('qzxv');
    }
  });

  it('reads a keyword as classes of characters', () => {
    expect(keywordShape('  John   SMITH ')).toBe('aaaa aaaaa');
    expect(keywordShape('(213) 555-0142')).toBe('(999) 999-9999');
    expect(keywordShape('j.smith@example.com')).toBe('a.aaaaa@aaaaaaa.aaa');
  });
});
