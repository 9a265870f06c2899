import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What the production start loads, read from the compiled server's import graph (esbuild's metafile): libraries
 * only some requests need load with the first of them, not before the server can answer (decision 8: loading them
 * at start made it some 30 % slower).
 */
const LOADED_ON_FIRST_USE = ['pdfkit', 'exceljs', 'mailparser', '@faker-js/faker', 'twilio'];
/** Twilio's signature check and TwiML writers, loaded at start without the SDK's REST client. */
const LOADED_AT_START_BY_DESIGN = new Set([
  'twilio/lib/webhooks/webhooks.js',
  'twilio/lib/twiml/MessagingResponse.js',
  'twilio/lib/twiml/VoiceResponse.js',
]);

interface Metafile {
  outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string; external?: boolean }[] }>;
}

const serverRoot = path.resolve(import.meta.dirname, '..');
let outdir: string;
let metafile: Metafile;

beforeAll(() => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'casedesk-server-build-'));
  const build = spawnSync(process.execPath, [path.join(serverRoot, 'scripts/build.mjs')], {
    env: { ...process.env, SERVER_BUILD_DIR: outdir },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  metafile = JSON.parse(fs.readFileSync(path.join(outdir, 'metafile.json'), 'utf8')) as Metafile;
});

afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

/** The npm modules an output reaches: through static imports only, or through on-demand ones as well. */
function modulesReached(from: string[], onDemandToo: boolean): Set<string> {
  const modules = new Set<string>();
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of metafile.outputs[output]!.imports) {
      if (imported.kind === 'dynamic-import' && !onDemandToo) continue;
      if (imported.external) modules.add(imported.path);
      else visit(imported.path);
    }
  };
  from.forEach(visit);
  return modules;
}

/** The modules of the library among these (its entry or any file of it), less those loaded by design. */
const modulesOf = (library: string, modules: Set<string>) =>
  [...modules].filter((m) => (m === library || m.startsWith(`${library}/`)) && !LOADED_AT_START_BY_DESIGN.has(m));

describe("the production server's start", () => {
  it('loads the file, mail, Twilio and seed libraries on first use, not at start', () => {
    const [entry] = Object.entries(metafile.outputs).filter(([, output]) => output.entryPoint === 'src/server.ts');
    expect(entry).toBeDefined();
    const [server, { imports }] = entry!;
    // server.ts imports its parts on demand only to order the start (the cluster forks first): all of them load.
    const started = [server, ...imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path)];
    const atStart = modulesReached(started, false);
    const everUsed = modulesReached([server], true);

    expect(atStart).toContain('fastify');
    for (const library of LOADED_ON_FIRST_USE) {
      expect(modulesOf(library, everUsed), `${library} is still used`).not.toEqual([]);
      expect(modulesOf(library, atStart), `${library} loads at start`).toEqual([]);
    }
  });
});
