import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './platform/db/database.ts';
import { DEMO_PASSWORD } from './seed/seed.ts';
import { signInWithCodeFlow } from '../test/support/code-flow.ts';
import { fetchClient } from '../test/support/http-client.ts';

/** The real process: first start migrates and seeds; SIGTERM lets in-flight requests finish and closes the database. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casedesk-server-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('server process', () => {
  it('starts on an empty data directory, serves, and shuts down cleanly on SIGTERM with requests in flight', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_CLIENTS: '50',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    const base = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(200);

    const tokens = await signInWithCodeFlow(fetchClient(`http://localhost:${port}`), {
      issuer: `http://localhost:${port}/idp`,
      clientId: 'casedesk-web',
      redirectUri: `http://localhost:${port}/`,
      email: 'manager@casedesk.local',
      password: DEMO_PASSWORD,
      resource: 'urn:casedesk:api',
    });

    // A request whose body is still arriving when SIGTERM comes must be finished, not dropped.
    const body = JSON.stringify({ zoomLink: 'https://zoom.us/j/123456789' });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${base}/api/v1/user`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${tokens.access_token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      request.write(body.slice(0, 10));
      request.flushHeaders();
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 300);
      }, 300);
    });
    const answered = await response;
    expect(answered.status, answered.text).toBe(200);
    expect(JSON.parse(answered.text).zoomLink).toBe('https://zoom.us/j/123456789');
    expect(await exited, output).toBe(0);
    // New connections are refused once the server is down.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();

    // The embedded database was closed cleanly: it opens again with the seeded data.
    const reopened = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const [row] = await reopened.query<{ n: number }>('select count(*)::int as n from users');
    await reopened.close();
    expect(row!.n).toBeGreaterThan(5);
  }, 120_000);
});
