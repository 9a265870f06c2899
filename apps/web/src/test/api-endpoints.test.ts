import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_ENDPOINTS, JSON_ENDPOINTS } from './api-endpoints.ts';

/**
 * fakeApi only answers the endpoints of api-endpoints.ts, each with the contract schema of its answer; this
 * keeps that list and the app's calls the same. It reads the source as api/one-owner.test.ts does: each call
 * names its path as a literal ('/api/v1/…') with its method beside it, `${x}` segments standing for a value.
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

/**
 * The method of the call a path literal belongs to: the first `method:` before the call's end; downloads POST
 * unless they say otherwise.
 */
function methodAfter(source: string, index: number): string {
  const rest = source.slice(index);
  const callEnd = rest.search(/\n\}/);
  const call = callEnd === -1 ? rest : rest.slice(0, callEnd);
  const method = /method: '([A-Z]+)'/.exec(call)?.[1];
  if (/downloadFile\(\s*$/.test(source.slice(Math.max(0, index - 40), index))) return method ?? 'POST';
  return method ?? 'GET';
}

/** `METHOD /path` of every call, a `${x}` segment as `*`. */
function calledEndpoints(): Set<string> {
  const called = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/['`](\/api\/v1\/[^'`]+)['`]/g)) {
      const path = match[1]!.replace(/\$\{[^}]*\}/g, '*').replace(/\?.*$/, '');
      called.add(`${methodAfter(source, match.index)} ${path}`);
    }
  }
  return called;
}

/** A listed endpoint serves a call when each segment is equal, or one of the two stands for a value. */
function serves(listed: string, call: string): boolean {
  const a = listed.split(/[ /]/);
  const b = call.split(/[ /]/);
  return a.length === b.length && a.every((s, i) => s === b[i] || s.startsWith(':') || b[i] === '*');
}

describe('api-endpoints.ts', () => {
  const listed = [...Object.keys(JSON_ENDPOINTS), ...FILE_ENDPOINTS];
  const called = [...calledEndpoints()];

  it('lists every endpoint the app calls, so fakeApi can answer it against its contract schema', () => {
    expect(called.length).toBeGreaterThan(50);
    const missing = called.filter((call) => !listed.some((endpoint) => serves(endpoint, call)));
    expect(missing, 'add these to apps/web/src/test/api-endpoints.ts with their answer’s schema').toEqual([]);
  });

  it('lists no endpoint the app does not call', () => {
    const stale = listed.filter((endpoint) => !called.some((call) => serves(endpoint, call)));
    expect(stale).toEqual([]);
  });

  it('types each reader by the schema listed for its endpoint', async () => {
    // A reader names its answer's schema as a type (`apiRequest<typeof userDetailSchema>('/api/v1/user', …)`);
    // nothing checks the answer against it at run time, so it must be the schema fakeApi answers with.
    const endpoints: Record<string, unknown> = JSON_ENDPOINTS;
    const mismatched: string[] = [];
    let readers = 0;
    for (const file of sourceFiles(SRC)) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/apiRequest<typeof (\w+)>\(\s*['`](\/api\/v1\/[^'`]+)['`]/g)) {
        const [, name, rawPath] = match as unknown as [string, string, string];
        const from = new RegExp(`import type \\{[^}]*\\b${name}\\b[^}]*\\} from '(@casedesk/contract/[^']+)'`).exec(
          source,
        );
        if (!from) continue;
        const schema = ((await import(/* @vite-ignore */ from[1]!)) as Record<string, unknown>)[name];
        const call = `${methodAfter(source, match.index)} ${rawPath.replace(/\$\{[^}]*\}/g, '*').replace(/\?.*$/, '')}`;
        // A path with a value in it (`/accessControl/${kind}`) may stand for several listed endpoints.
        const serving = Object.keys(endpoints).filter((listed) => serves(listed, call));
        readers++;
        if (!serving.some((listed) => endpoints[listed] === schema)) mismatched.push(`${call}: ${name}`);
      }
    }
    expect(readers).toBeGreaterThan(100);
    expect(mismatched).toEqual([]);
  });
});
