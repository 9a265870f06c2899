import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { photoUploadResponseSchema } from '@casedesk/contract/users/user-photo';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PNG_1X1 } from '../../../test/factories/images.factory.ts';
import { refreshTokens, signInWithCodeFlow } from '../../../test/support/code-flow.ts';
import { listenForSockets, openLiveSocket } from '../../../test/support/live-socket-client.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED, TEST_PUBLIC_URL } from '../../../test/support/test-app.ts';
import { postSignedWebhook, waitForWebhooks } from '../../../test/support/webhooks.ts';
import { clients } from '../../modules/clients/clients.tables.ts';
import type { SmsRefs } from '../../modules/sms/sms.test-support.ts';
import { freshNumber, sendBody, smsRefs, waitForProviderSid } from '../../modules/sms/sms.test-support.ts';
import { users } from '../../modules/users/users.tables.ts';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { startJobs } from '../jobs/jobs.ts';
import { WEBHOOK_PATHS } from '../providers/webhook-signing.ts';

/**
 * DESIGN §3 Logs: no message bodies, tokens or dates of birth in logs, and no phone numbers either.
 * Runs a broad sample of traffic with the server logging at debug into memory, then scans every line
 * for the personal data and secrets that traffic carried.
 */

const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };
const logText = () => logLines.join('');
const logged = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

/** Everything that must never appear in the log, with a label for the failure message. */
const secrets: { label: string; value: string }[] = [];
const mustNotLog = (label: string, value: string | null | undefined) => {
  if (value) secrets.push({ label, value });
};

/** A date of birth in each form it could take in a log line: stored ISO, as typed (SPEC §5) and as US forms show it. */
function mustNotLogDate(label: string, iso: string) {
  const [year, month, day] = iso.split('-');
  mustNotLog(`${label} (ISO)`, iso);
  mustNotLog(`${label} (MM/DD/YYYY)`, `${month}/${day}/${year}`);
  mustNotLog(`${label} (MM-DD-YYYY)`, `${month}-${day}-${year}`);
}

function mustNotLogPhone(label: string, digits: string) {
  mustNotLog(`${label} (digits)`, digits);
  mustNotLog(`${label} (formatted)`, `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
}

const unique = () => randomBytes(4).toString('hex');

let t: TestApp;
let refs: SmsRefs;
let seeded: { id: string; firstName: string; lastName: string; dateOfBirth: string; primaryNumber: string };

beforeAll(async () => {
  t = await createTestApp({}, { logStream });
  refs = await smsRefs(t);
  const [row] = await t
    .db()
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      dateOfBirth: clients.dateOfBirth,
      primaryNumber: clients.primaryNumber,
    })
    .from(clients)
    .where(and(isNotNull(clients.dateOfBirth), isNotNull(clients.primaryNumber)))
    .limit(1);
  seeded = row as typeof seeded;
  mustNotLogDate('seeded client date of birth', seeded.dateOfBirth);
  mustNotLogPhone('seeded client phone', seeded.primaryNumber);
  for (const email of [SEEDED.operator, SEEDED.manager, SEEDED.admin]) {
    mustNotLog(`access token of ${email}`, await t.tokenFor(email));
  }
});
afterAll(async () => t?.close());

const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, as: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: as ? await t.authFor(as) : {}, ...(payload ? { payload } : {}) });

describe('what the server logs while it serves personal data', () => {
  it('client search, details, duplicate check and export of a seeded client', async () => {
    const [year, month, day] = seeded.dateOfBirth.split('-');
    const search = await inject('POST', '/api/v1/client/search', SEEDED.operator, {
      pageNumber: 1,
      pageSize: 10,
      filter: { searchKeyword: `${seeded.firstName} ${seeded.lastName}` },
    });
    expect(search.statusCode, search.body).toBe(200);
    await inject('GET', `/api/v1/client/details?clientId=${seeded.id}`, SEEDED.admin);
    const duplicates = await inject('POST', '/api/v1/client/duplicate', SEEDED.operator, {
      firstName: seeded.firstName,
      lastName: seeded.lastName,
      dateOfBirth: `${month}-${day}-${year}`,
      phones: [seeded.primaryNumber],
    });
    expect(duplicates.statusCode, duplicates.body).toBe(200);
    const exported = await inject('POST', '/api/v1/client/export?offsetHours=-7', SEEDED.operator, {
      format: 'csv',
      filter: { searchKeyword: seeded.lastName },
    });
    expect(exported.statusCode, exported.body).toBe(200);
  });

  it('query strings carrying a phone number and a date of birth: a 400, a 404 and a 200', async () => {
    const bad = await inject(
      'GET',
      `/api/v1/client?id=${seeded.primaryNumber}&dateOfBirth=${seeded.dateOfBirth}`,
      SEEDED.operator,
    );
    expect(bad.statusCode).toBe(400);
    const unknown = await inject('GET', `/api/v1/no-such-route?phone=${seeded.primaryNumber}`, SEEDED.operator);
    expect(unknown.statusCode).toBe(404);
    const history = await inject(
      'POST',
      `/api/v1/sms/byPhoneNumber?phoneNumber=${seeded.primaryNumber}`,
      SEEDED.admin,
      {},
    );
    expect(history.statusCode, history.body).toBe(200);
  });

  it('an SMS sent to a client and one received from them', async () => {
    const outbound = `Your hearing moved to Friday ${unique()}`;
    mustNotLog('outbound SMS body', outbound);
    const sent = await inject(
      'POST',
      '/api/v1/sms/send?offsetHours=-7',
      SEEDED.operator,
      sendBody(refs, { toNumber: seeded.primaryNumber, body: outbound }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    await waitForProviderSid(t, (sent.json() as { id: string }).id);

    const inbound = `I cannot come, my new number is in the file ${unique()}`;
    mustNotLog('inbound SMS body', inbound);
    const hook = await postSignedWebhook(t, WEBHOOK_PATHS.smsInbound, {
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      From: `+1${seeded.primaryNumber}`,
      To: `+1${refs.la.smsNumber}`,
      Body: inbound,
    });
    expect(hook.statusCode).toBeLessThan(300);
    await waitForWebhooks(t);
  });

  it('a unique violation in a route (a 500) and in a job: the database repeats the row in its error', async () => {
    const dateOfBirth = '1961-07-23';
    const phone = freshNumber();
    mustNotLogDate('new client date of birth', dateOfBirth);
    mustNotLogPhone('new client phone', phone);
    const body = { firstName: 'Loggia', lastName: 'Piiwatcher', dateOfBirth: '07-23-1961', mobileNumber: phone };
    const created = await inject('POST', '/api/v1/client', SEEDED.admin, body);
    expect(created.statusCode, created.body).toBe(200);
    // No route of ours lets a unique violation through; this index (in this test's database only) makes
    // the second insert one, so the error handler logs what PostgreSQL and Drizzle put in the error.
    await t
      .db()
      .execute(
        sql.raw(`CREATE UNIQUE INDEX log_pii_test_key ON clients (mobile_number) WHERE mobile_number = '${phone}'`),
      );
    const failed = await inject('POST', '/api/v1/client', SEEDED.admin, body);
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain(phone);

    // The job platform with the app's logger: the same violation thrown by a job handler.
    const jobs = await startJobs<{ 'test.log-pii': object }>(t.database, {
      testMode: true,
      logger: t.app.log,
      ...(t.config.DATABASE_URL ? { connectionString: t.config.DATABASE_URL } : {}),
    });
    onTestFinished(() => jobs.stop());
    await jobs.work('test.log-pii', async () => {
      await t
        .db()
        .insert(clients)
        .values({ firstName: 'Loggia', lastName: 'Piiwatcher', dateOfBirth, mobileNumber: phone });
    });
    await jobs.send('test.log-pii', {}, { retryLimit: 0 });
    for (let waited = 0; !logged().some((line) => line.msg?.toString().startsWith('job failed')); waited += 100) {
      if (waited > 15_000) throw new Error('the failing job was not logged');
      await sleep(100);
    }

    // What is kept is enough to tell what happened: the code, the constraint and the table.
    const routeError = logged().find((line) => line.msg === 'unhandled error');
    const jobError = logged().find((line) => line.msg?.toString().startsWith('job failed'));
    for (const line of [routeError, jobError]) {
      expect(line?.err).toMatchObject({
        cause: { code: '23505', constraint: 'log_pii_test_key', table: 'clients' },
      });
    }
  });

  it('a live socket, its token offered as a subprotocol; and one refused', async () => {
    const url = await listenForSockets(t.app);
    const live = await openLiveSocket(url, await t.tokenFor(SEEDED.manager));
    await live.close();
    const refused = await openLiveSocket(url, `not-a-token-${unique()}`).catch(() => undefined);
    await refused?.closed;
  });

  it('a sign-in, a refresh-token rotation and a replayed refresh token', async () => {
    const options = {
      issuer: t.config.issuer,
      clientId: t.config.OIDC_CLIENT_ID,
      resource: t.config.OIDC_AUDIENCE,
    };
    const tokens = await signInWithCodeFlow(t.http, {
      ...options,
      redirectUri: `${TEST_PUBLIC_URL}/`,
      email: SEEDED.collector,
      password: DEMO_PASSWORD,
    });
    mustNotLog('access token from sign-in', tokens.access_token);
    mustNotLog('refresh token from sign-in', tokens.refresh_token);
    mustNotLog('id token from sign-in', tokens.id_token);
    const rotated = await refreshTokens(t.http, options, tokens.refresh_token!);
    expect(rotated.status, rotated.body).toBe(200);
    const renewed = JSON.parse(rotated.body) as { access_token: string; refresh_token?: string };
    mustNotLog('rotated access token', renewed.access_token);
    mustNotLog('rotated refresh token', renewed.refresh_token);
    const replayed = await refreshTokens(t.http, options, tokens.refresh_token!);
    expect(replayed.status).toBe(400);
  });

  it('a signed upload link, used once with its signature and once with a forged one', async () => {
    const [manager] = await t.db().select({ id: users.id }).from(users).where(eq(users.mail, SEEDED.manager));
    const userId = manager!.id;
    const location = await inject('POST', '/api/v1/user/upload', SEEDED.manager, { userId, filename: 'me.png' });
    expect(location.statusCode, location.body).toBe(200);
    const { url } = photoUploadResponseSchema.parse(location.json());
    mustNotLog('upload link signature', new URL(url, TEST_PUBLIC_URL).searchParams.get('signature'));
    const put = (target: string) =>
      t.app.inject({ method: 'PUT', url: target, payload: PNG_1X1, headers: { 'content-type': 'image/png' } });
    const forged = url.replace(/signature=[^&]+/, `signature=${randomBytes(32).toString('base64url')}`);
    mustNotLog('forged upload signature', new URL(forged, TEST_PUBLIC_URL).searchParams.get('signature'));
    expect((await put(forged)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await put(url)).statusCode).toBeLessThan(300);
  });

  it('the log holds none of the personal data or secrets above, and still one line per request', async () => {
    // Jobs started above (the SMS status callbacks of the simulator) may still be logging.
    await waitForWebhooks(t);
    const text = logText();
    const requests = logged().filter((line) => line.msg === 'request');
    expect(requests.length).toBeGreaterThan(20);
    expect(requests.every((line) => typeof line.path === 'string' && !line.path.includes('?'))).toBe(true);
    expect(secrets.length).toBeGreaterThan(15);
    const leaks = secrets.filter(({ value }) => text.includes(value)).map(({ label }) => label);
    expect(leaks).toEqual([]);
  });
});
