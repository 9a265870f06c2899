import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SOCKET_PATH } from '@casedesk/contract/notifications/live-socket';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedCounts, mailRefs } from '../../modules/mail/mail.test-support.ts';
import { mailOutbox } from '../../modules/mail/mail.tables.ts';
import { notifyUsers } from '../../modules/notifications/notifications.service.ts';
import { users } from '../../modules/users/users.tables.ts';
import type { LiveSocket } from '../../../test/support/live-socket-client.ts';
import { openLiveSocket } from '../../../test/support/live-socket-client.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED, TEST_PUBLIC_URL } from '../../../test/support/test-app.ts';
import { serverRoot } from '../server-root.ts';

/**
 * `npm start` on PostgreSQL: the compiled server, one process per slot behind one port. The same guarantees
 * the in-process instance tests give (fan-out, jobs, rate limits) must hold for the real cluster, so this
 * builds the server as `npm start` does, runs it with two processes on the test database, and speaks to it
 * only over HTTP and websockets, each request on a connection of its own (Node hands each new connection to
 * the next process in turn). The embedded database belongs to one process: PostgreSQL only.
 */
const SEARCH_LIMIT = 12;

describe.skipIf(!process.env.DATABASE_URL)('the cluster start (two compiled server processes on one port)', () => {
  let t: TestApp;
  let cluster: ChildProcess;
  let port: number;
  let log = '';
  let dataDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`The server build failed:\n${build.stderr}`);
    port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casedesk-cluster-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: t.config.DATABASE_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The test app's tokens name this issuer; both read the signing keys from the one database.
      PUBLIC_URL: TEST_PUBLIC_URL,
      DEMO: 'true',
      DATA_DIR: dataDir,
      SERVER_PROCESSES: '2',
      SEARCH_RATE_LIMIT_PER_MINUTE: String(SEARCH_LIMIT),
      LOG_LEVEL: 'warn',
    };
    delete env.NODE_ENV;
    cluster = spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], { cwd: serverRoot, env });
    cluster.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    cluster.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitUntil(
      async () => (await get('/api/health')).status === 200,
      60_000,
      () => log,
    );
    await waitUntil(
      async () => workerPids().length === 2,
      30_000,
      () => log,
    );
  }, 120_000);

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((resolve) => cluster.once('exit', resolve));
      cluster.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const workerPids = () =>
    execFileSync('ps', ['-o', 'pid=', '--ppid', String(cluster.pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);

  /** One request on a connection of its own, so the cluster hands it to the next process. */
  function request(method: string, url: string, headers: Record<string, string> = {}, body?: unknown) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: url,
          agent: false,
          headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}), connection: 'close' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  const get = (url: string) => request('GET', url).catch(() => ({ status: 0, body: '' }));

  it('runs two server processes, both answering on the one port', async () => {
    expect(workerPids()).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/api/health')));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => JSON.parse(a.body).databaseKind))).toEqual(new Set(['postgres']));
  });

  it('fans a notification out to sockets on every process', async () => {
    const [operator] = await t.db().select({ id: users.id }).from(users).where(eq(users.mail, SEEDED.operator));
    const token = await t.tokenFor(SEEDED.operator);
    // Four connections, handed out in turn: two on each process.
    const sockets: LiveSocket[] = [];
    for (let i = 0; i < 4; i += 1) sockets.push(await openLiveSocket(`ws://127.0.0.1:${port}${SOCKET_PATH}`, token));
    try {
      for (const socket of sockets) socket.send({ notificationTypes: ['DIRECT'], userId: operator!.id });
      // A subscription is not acknowledged, so notify until every socket has heard one (or give up).
      await waitUntil(async () => {
        await notifyUsers(t.db(), t.app.realtime, {
          userIds: [operator!.id],
          notificationType: 'DIRECT',
          notificationId: crypto.randomUUID(),
          description: 'cluster fan-out test',
        });
        await sleep(200);
        return sockets.every((socket) => socket.received.includes('NEW_DIRECT'));
      }, 20_000);
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
    }
  });

  it('counts one rate limit per user across the processes', async () => {
    // The limit's window is the clock's minute; start well inside one so the count is not split.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await sleep(60_000 - intoMinute + 500);
    const headers = { authorization: `Bearer ${await t.tokenFor(SEEDED.manager)}` };
    const statuses: number[] = [];
    for (let i = 0; i <= SEARCH_LIMIT; i += 1) {
      statuses.push(
        (await request('POST', '/api/v1/client/search', headers, { filter: { searchKeyword: 'smith' } })).status,
      );
    }
    expect(statuses.slice(0, SEARCH_LIMIT)).toEqual(Array(SEARCH_LIMIT).fill(200));
    expect(statuses[SEARCH_LIMIT]).toBe(429);
  }, 90_000);

  it('works a job exactly once: an e-mail sent through one process is delivered once', async () => {
    const refs = await mailRefs(t);
    const headers = { authorization: `Bearer ${await t.tokenFor(SEEDED.admin)}` };
    const sent = await request('POST', '/api/v1/mail/sendMail', headers, {
      officeId: refs.la.id,
      to: ['cluster@example.com'],
      subject: 'Cluster',
      body: 'Sent through the cluster',
    });
    expect(sent.status).toBe(200);
    const { id } = JSON.parse(sent.body) as { id: string };
    await waitUntil(async () => {
      const [row] = await t.db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row?.status === 'SENT';
    }, 30_000);
    // Long enough for a second worker to have picked it up too, had the job gone to both.
    await sleep(3_000);
    expect((await capturedCounts(t, [id])).get(id)).toBe(1);
    const [row] = await t.db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
  }, 60_000);

  it('stops every process on SIGTERM', async () => {
    const pids = workerPids();
    const exited = new Promise<number | null>((resolve) => cluster.once('exit', (code) => resolve(code)));
    cluster.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of pids) expect(isAlive(Number(pid))).toBe(false);
  }, 60_000);
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, detail?: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Not so within ${timeoutMs} ms${detail ? `:\n${detail()}` : ''}`);
    await sleep(100);
  }
}
