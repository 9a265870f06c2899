import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIRECTORY_SYNC_MESSAGES } from '@casedesk/contract/directory/directory-sync';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { findPermissionsOfUser, setPermissions } from '../access/access.service.ts';
import { offices } from '../offices/offices.tables.ts';
import { resolveUserByEmail } from '../users/users.service.ts';
import { users } from '../users/users.tables.ts';
import { startJobs } from '../../platform/jobs/jobs.ts';
import { DIRECTORY_SYNC_QUEUE, queueNightlySync } from './directory-sync-job.ts';
import { runDirectorySync } from './directory-sync.service.ts';
import { directorySyncStates } from './directory.tables.ts';
import type { GraphUser } from './graph-directory-mapping.ts';

/*
 * Directory sync against a real HTTP server standing in for Microsoft Graph and its token endpoint (the only
 * thing not ours), answering in the shapes Graph documents for /users/delta: a full round in two pages
 * (@odata.nextLink, then @odata.deltaLink), then delta rounds with changed, disabled and removed users.
 */
interface Answer {
  value: GraphUser[];
  next?: string;
}

const graph = {
  server: http.createServer(),
  base: '',
  /** The directory as Graph holds it: a full round lists it, two users a page. */
  directory: new Map<string, GraphUser>(),
  /** Scripted delta rounds, by delta token. */
  deltas: new Map<string, Answer>(),
  /** The next answers to /users/delta, before any other (throttling, 410). */
  failures: [] as { status: number; headers?: Record<string, string>; code: string }[],
  requests: [] as { url: URL; authorization?: string }[],
  tokenRequests: 0,
};

const link = (param: '$skiptoken' | '$deltatoken', value: string) =>
  `${graph.base}/v1.0/users/delta?${param}=${encodeURIComponent(value)}`;

graph.server.on('request', (req, res) => {
  req.resume();
  req.on('end', () => {
    const url = new URL(req.url ?? '/', graph.base);
    const send = (status: number, payload: object, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(payload));
    };
    if (url.pathname === '/token') {
      graph.tokenRequests++;
      return send(200, { token_type: 'Bearer', expires_in: 3599, access_token: 'local-graph-token' });
    }
    graph.requests.push({ url, authorization: req.headers.authorization });
    if (url.pathname !== '/v1.0/users/delta') return send(404, { error: { code: 'Request_ResourceNotFound' } });
    const failure = graph.failures.shift();
    if (failure) return send(failure.status, { error: { code: failure.code, message: 'x' } }, failure.headers);
    const delta = url.searchParams.get('$deltatoken');
    if (delta) {
      const answer = graph.deltas.get(delta);
      if (!answer) return send(410, { error: { code: 'SyncStateNotFound', message: 'x' } });
      return send(200, {
        '@odata.context': `${graph.base}/v1.0/$metadata#users(id,displayName,mail)`,
        value: answer.value,
        [answer.next ? '@odata.nextLink' : '@odata.deltaLink']: answer.next
          ? link('$skiptoken', answer.next)
          : link('$deltatoken', `after-${delta}`),
      });
    }
    const page = Number(url.searchParams.get('$skiptoken') ?? '0');
    const all = [...graph.directory.values()];
    const value = all.slice(page * 2, page * 2 + 2);
    const more = (page + 1) * 2 < all.length;
    send(200, {
      '@odata.context': `${graph.base}/v1.0/$metadata#users(id,displayName,mail)`,
      value,
      ...(more
        ? { '@odata.nextLink': link('$skiptoken', String(page + 1)) }
        : { '@odata.deltaLink': link('$deltatoken', 'round-1') }),
    });
  });
});

const graphUser = (n: number, extra: Partial<GraphUser> = {}): GraphUser => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  displayName: `Graph User ${n}`,
  mail: `Graph.User${n}@casedesk.local`,
  userPrincipalName: `graph.user${n}@contoso.onmicrosoft.com`,
  jobTitle: 'Intake Specialist',
  department: 'Miami',
  accountEnabled: true,
  ...extra,
});

let t: TestApp;
const post = async (email?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/syncWithAD',
    headers: email ? await t.authFor(email) : {},
  });
const state = async () => (await t.db().select().from(directorySyncStates))[0];
const userByMail = async (mail: string) => (await t.db().select().from(users).where(eq(users.mail, mail)))[0];

beforeAll(async () => {
  await new Promise<void>((resolve) => graph.server.listen(0, '127.0.0.1', resolve));
  graph.base = `http://127.0.0.1:${(graph.server.address() as AddressInfo).port}`;
  t = await createTestApp({
    GRAPH_TENANT_ID: 'contoso',
    GRAPH_CLIENT_ID: 'casedesk',
    GRAPH_CLIENT_SECRET: 'local-secret',
    GRAPH_BASE_URL: `${graph.base}/v1.0`,
    GRAPH_TOKEN_URL: `${graph.base}/token`,
  });
  for (const user of [
    graphUser(1),
    graphUser(2, { mail: null, userPrincipalName: 'Graph.User2@casedesk.local', department: 'No Such Office' }),
    graphUser(3),
    // The seeded collector, known to Graph: taken over by mail, not doubled.
    graphUser(4, { mail: SEEDED.collector, displayName: 'Casey Collector', jobTitle: 'Collector' }),
  ]) {
    graph.directory.set(user.id, user);
  }
});
afterAll(async () => {
  await t?.close();
  graph.server.close();
});

describe('POST /api/v1/user/syncWithAD: access', () => {
  it('401 without a token; 403 without USER_ACCESS UPDATE, and with it only for some offices', async () => {
    expect((await post()).statusCode).toBe(401);
    expect((await post(SEEDED.operator)).statusCode).toBe(403);
    const manager = (await resolveUserByEmail(t.db(), SEEDED.manager))!;
    const inOffice = [
      { conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: [manager.officeId!] },
    ];
    await setPermissions(t.db(), manager.id, [
      {
        permissionType: 'USER_ACCESS',
        accessLevelDTO: (['READ', 'UPDATE'] as const).map((accessType) => ({ accessType, conditionDTO: inOffice })),
      },
    ]);
    expect((await post(SEEDED.manager)).statusCode).toBe(403);
    expect(graph.requests).toHaveLength(0);
  });
});

describe('directory sync from Graph', () => {
  it('a full round: follows nextLink after a 429 with Retry-After, creates users without permissions, stores the delta link', async () => {
    graph.failures.push({ status: 429, headers: { 'retry-after': '1' }, code: 'TooManyRequests' });
    const res = await post(SEEDED.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      trigger: 'manual',
      mode: 'full',
      counts: { created: 3, updated: 1, disabled: 0, deleted: 0, unchanged: 0, failed: 0 },
    });
    const [first, retried, second] = graph.requests;
    expect(first!.url.searchParams.get('$select')).toBe(
      'id,displayName,mail,userPrincipalName,jobTitle,department,accountEnabled',
    );
    expect(retried!.url.toString()).toBe(first!.url.toString());
    expect(second!.url.searchParams.get('$skiptoken')).toBe('1');
    expect(retried!.authorization).toBe('Bearer local-graph-token');
    expect(graph.tokenRequests).toBe(1);

    const [miami] = await t.db().select({ id: offices.id }).from(offices).where(eq(offices.name, 'Miami'));
    const one = (await userByMail('graph.user1@casedesk.local'))!;
    expect(one).toMatchObject({ displayName: 'Graph User 1', jobTitle: 'Intake Specialist', accountEnabled: true });
    expect(one.officeId).toBe(miami!.id);
    expect(await findPermissionsOfUser(t.db(), one.id)).toEqual([]);
    // No mail: the userPrincipalName signs in; a department naming no office leaves the office unset.
    expect((await userByMail('graph.user2@casedesk.local'))!.officeId).toBeNull();
    const collectors = await t.db().select().from(users).where(eq(users.mail, SEEDED.collector));
    expect(collectors).toHaveLength(1);
    expect(collectors[0]!.jobTitle).toBe('Collector');
    expect((await state())!.deltaLink).toBe(link('$deltatoken', 'round-1'));
  });

  it('a delta round: a changed user is updated, a disabled one is refused at once, a removed one is disabled', async () => {
    const collectorToken = await t.tokenFor(SEEDED.collector);
    const asCollector = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${collectorToken}` } });
    expect((await asCollector()).statusCode).toBe(200);
    const one = graphUser(1);
    graph.deltas.set('round-1', {
      value: [
        { id: one.id, jobTitle: 'Senior Intake Specialist' },
        { id: graphUser(4).id, accountEnabled: false },
        { id: graphUser(3).id, '@removed': { reason: 'deleted' } },
        // Removed before we ever knew them: nothing to do.
        { id: 'aaaaaaaa-0000-4000-8000-000000000000', '@removed': { reason: 'changed' } },
      ],
    });
    graph.directory.set(one.id, { ...one, jobTitle: 'Senior Intake Specialist' });
    graph.directory.set(graphUser(4).id, { ...graph.directory.get(graphUser(4).id)!, accountEnabled: false });
    graph.directory.delete(graphUser(3).id);

    const res = await post(SEEDED.admin);
    expect(res.json()).toMatchObject({
      mode: 'delta',
      counts: { created: 0, updated: 1, disabled: 1, deleted: 1, unchanged: 1, failed: 0 },
    });
    expect(graph.requests.at(-1)!.url.searchParams.get('$deltatoken')).toBe('round-1');
    expect((await userByMail('graph.user1@casedesk.local'))!).toMatchObject({
      jobTitle: 'Senior Intake Specialist',
      displayName: 'Graph User 1',
      accountEnabled: true,
    });
    expect((await userByMail('graph.user3@casedesk.local'))!.accountEnabled).toBe(false);
    expect((await userByMail(SEEDED.collector))!.accountEnabled).toBe(false);
    expect((await asCollector()).statusCode).toBe(403);
    expect((await state())!.deltaLink).toBe(link('$deltatoken', 'after-round-1'));

    const [audit] = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'directory.sync')))
      .orderBy(desc(auditEvents.occurredAt))
      .limit(1);
    expect(audit).toMatchObject({ entity: 'directory', after: { updated: 1, disabled: 1, deleted: 1 } });
    expect(audit!.detail).toMatchObject({ trigger: 'manual', mode: 'delta', source: 'GRAPH' });
  });

  it('GET answers the last sync and that Graph is configured; READ is enough, none is 403', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/syncWithAD', headers: await t.authFor(SEEDED.operator) }))
        .statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/syncWithAD',
      headers: await t.authFor(SEEDED.manager),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      configured: true,
      missingSettings: [],
      message: null,
      running: false,
      hasDeltaLink: true,
      lastSync: { trigger: 'manual', mode: 'delta', error: null, counts: { updated: 1, disabled: 1, deleted: 1 } },
    });
  });

  it('the nightly job is queued once for the night, however often it is asked, and a second run changes nothing', async () => {
    graph.deltas.set('after-round-1', { value: [] });
    const config = { ...t.app.config, DIRECTORY_SYNC_HOUR: 2, DIRECTORY_SYNC_TIME_ZONE: 'America/New_York' };
    const night = new Date('2026-11-26T07:30:00Z'); // 02:30 in New York
    expect(await queueNightlySync(t.app.jobs, config, new Date('2026-11-26T09:30:00Z'))).toBeNull();
    const id = await queueNightlySync(t.app.jobs, config, night);
    expect(id).toEqual(expect.any(String));
    expect(await queueNightlySync(t.app.jobs, config, new Date('2026-11-26T07:50:00Z'))).toBeNull();
    for (let i = 0; i < 100; i++) {
      if ((await t.app.jobs.getJob(DIRECTORY_SYNC_QUEUE, id!))?.state === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await t.app.jobs.getJob(DIRECTORY_SYNC_QUEUE, id!))?.state).toBe('completed');
    expect(await state()).toMatchObject({
      lastTrigger: 'nightly',
      lastMode: 'delta',
      lastError: null,
      lastCounts: { created: 0, updated: 0, disabled: 0, deleted: 0, unchanged: 0, failed: 0 },
    });
  });

  it('a delta link Graph no longer knows (410) starts a full round, which disables users it no longer lists', async () => {
    graph.directory.delete(graphUser(2).id);
    await t
      .db()
      .update(directorySyncStates)
      .set({ deltaLink: link('$deltatoken', 'expired') });
    const res = await post(SEEDED.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mode: 'full',
      counts: { created: 0, updated: 0, disabled: 0, deleted: 1, unchanged: 2, failed: 0 },
    });
    expect((await userByMail('graph.user2@casedesk.local'))!.accountEnabled).toBe(false);
    expect((await state())!.deltaLink).toBe(link('$deltatoken', 'round-1'));
  });

  it('a Graph outage without Retry-After fails the run (502), records the error and keeps the delta link', async () => {
    graph.failures.push({ status: 503, code: 'ServiceUnavailable' });
    const res = await post(SEEDED.admin);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain('Graph answered 503 ServiceUnavailable');
    expect(await state()).toMatchObject({
      lastError: 'Graph answered 503 ServiceUnavailable',
      deltaLink: link('$deltatoken', 'round-1'),
      leaseUntil: null,
    });
  });
});

describe('two instances on one database', () => {
  it('two runs at once do not overlap: one syncs, the other is told a sync is running', async () => {
    const deps = { db: t.db(), bus: t.app.realtime, config: t.app.config };
    const runs = await Promise.allSettled([
      runDirectorySync(deps, { trigger: 'manual', actor: null }),
      runDirectorySync(deps, { trigger: 'nightly', actor: null }),
    ]);
    expect(runs.filter((run) => run.status === 'fulfilled')).toHaveLength(1);
    const refused = runs.find((run) => run.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT', message: DIRECTORY_SYNC_MESSAGES.running });
    expect((await state())!.leaseUntil).toBeNull();
  });

  it('the night is queued once when both instances look at the same time', async () => {
    const other = await startJobs(t.database, { connectionString: t.config.DATABASE_URL, testMode: true });
    try {
      const config = { ...t.app.config, DIRECTORY_SYNC_HOUR: 2, DIRECTORY_SYNC_TIME_ZONE: 'America/New_York' };
      const night = new Date('2026-11-27T07:05:00Z');
      const ids = await Promise.all([
        queueNightlySync(t.app.jobs, config, night),
        queueNightlySync(other, config, night),
        queueNightlySync(other, config, new Date('2026-11-27T07:55:00Z')),
      ]);
      expect(ids.filter((id) => id !== null)).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });
});

describe('without Graph configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => bare?.close());

  it('POST answers 422 naming the settings; GET says what to set', async () => {
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/v1/user/syncWithAD',
      headers: await bare.authFor(SEEDED.admin),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(DIRECTORY_SYNC_MESSAGES.notConfigured);
    const status = await bare.app.inject({
      method: 'GET',
      url: '/api/v1/user/syncWithAD',
      headers: await bare.authFor(SEEDED.admin),
    });
    expect(status.json()).toEqual({
      configured: false,
      missingSettings: ['GRAPH_TENANT_ID', 'GRAPH_CLIENT_ID', 'GRAPH_CLIENT_SECRET'],
      message: DIRECTORY_SYNC_MESSAGES.notConfigured,
      running: false,
      hasDeltaLink: false,
      lastSync: null,
    });
  });
});
