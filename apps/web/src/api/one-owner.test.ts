import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owner per endpoint (docs/web-api.md): every server endpoint is called from exactly one file of the web
 * app, so one endpoint is cached under one key in one shape. Two wrappers of one endpoint are how a screen
 * once crashed on another screen's cache entry. This reads the source as a reviewer would: each call names
 * its path as a literal ('/api/v1/…'), with its method beside it.
 */
const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-utils\.tsx?$/.test(entry.name);
    return isSource ? [path] : [];
  });
}

/** `${x}` segments stand for an id; the query string is not part of the endpoint. */
function endpointPath(literal: string): string {
  return literal.replace(/\$\{[^}]*\}/g, ':param').replace(/\?.*$/, '');
}

/** The method of the call a path literal belongs to: the first `method:` before the call's end; downloads POST. */
function methodAfter(source: string, index: number): string {
  const rest = source.slice(index);
  const callEnd = rest.search(/\n\}/);
  const call = callEnd === -1 ? rest : rest.slice(0, callEnd);
  const before = source.slice(Math.max(0, index - 40), index);
  if (/downloadFile\(\s*$/.test(before)) return 'POST';
  return /method: '([A-Z]+)'/.exec(call)?.[1] ?? 'GET';
}

function endpointCallers(files: string[]): Map<string, Set<string>> {
  const callers = new Map<string, Set<string>>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/['`](\/api\/v1\/[^'`]+)['`]/g)) {
      const endpoint = `${methodAfter(source, match.index)} ${endpointPath(match[1]!)}`;
      const files = callers.get(endpoint) ?? new Set<string>();
      files.add(relative(SRC, file));
      callers.set(endpoint, files);
    }
  }
  return callers;
}

describe('one owner per endpoint', () => {
  const callers = endpointCallers(sourceFiles(SRC));

  it('finds the endpoints the app calls', () => {
    // A guard on the reader itself: if the call style changes, the check below would silently pass.
    expect(callers.get('POST /api/v1/client/search')?.size).toBe(1);
    expect(callers.get('GET /api/v1/attorney/availability')?.size).toBe(1);
    expect(callers.size).toBeGreaterThan(50);
  });

  it('calls each endpoint from one file', () => {
    const shared = [...callers]
      .filter(([, files]) => files.size > 1)
      .map(([endpoint, files]) => [endpoint, [...files]]);
    expect(shared, 'move the call to apps/web/src/api/<server module>/ and import it from there').toEqual([]);
  });
});
