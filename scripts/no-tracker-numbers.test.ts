import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN §8: code, README and docs never cite tracker numbers. A reader of the repo has no tracker, so a comment
 * states the rule or the budget itself ("never a sequential scan of clients", "p95 ≤ 50 ms at 1,000,000
 * clients"), never the ticket that asked for it. This reads every source and documentation file of the repo.
 */
const ROOT = join(import.meta.dirname, '..');
const SCANNED = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md'];
/** Installed packages and builds, wherever they are. */
const SKIPPED_NAMES = new Set(['node_modules', 'dist', '.data']);
/** What runs leave behind (git-ignored): screenshots, reports, bench figures. */
const SKIPPED_PATHS = new Set(['e2e/screenshots', 'e2e/test-results', 'e2e/playwright-report', 'bench/results']);

const TRACKER_NUMBER = /issue ?#?\d/i;

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  if (SKIPPED_PATHS.has(relative(ROOT, path))) return [];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !SKIPPED_NAMES.has(entry.name))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(path, entry.name)) : [join(path, entry.name)]));
}

/** `file:line: text` for each line that cites a tracker number; binary files (images, archives) are left out. */
function trackerNumbersIn(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const bytes = readFileSync(file);
    if (bytes.subarray(0, 8000).includes(0)) continue;
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((line, index) => {
        if (TRACKER_NUMBER.test(line)) found.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim().slice(0, 160)}`);
      });
  }
  return found;
}

describe('no tracker numbers in code, README and docs (DESIGN §8)', () => {
  const files = SCANNED.flatMap((name) => filesUnder(join(ROOT, name)));

  it('reads the files it means to', () => {
    // A guard on the walk itself: a wrong root or a skipped folder would make the check below pass on nothing.
    const names = new Set(files.map((file) => relative(ROOT, file)));
    expect(names).toContain('README.md');
    expect(names).toContain('apps/server/src/db/migrations/0009_appointments.sql');
    expect(names).toContain('apps/web/src/app/router.tsx');
    expect([...names].some((name) => name.includes('node_modules'))).toBe(false);
  });

  it('recognises a tracker number however it is written', () => {
    // Put together from parts, so that this file cites none itself.
    const cited = [
      ['issue', ' 4'],
      ['Issue', ' #12'],
      ['(issue', '6)'],
      ['ISSUE', '#3'],
    ].map(([word, number]) => `${word}${number}`);
    expect(cited.filter((text) => !TRACKER_NUMBER.test(text))).toEqual([]);
    expect(TRACKER_NUMBER.test('known issues, an issue note')).toBe(false);
  });

  it('finds none: write the rule or the budget instead', () => {
    expect(trackerNumbersIn(files)).toEqual([]);
  });
});
