import { setTimeout as sleep } from 'node:timers/promises';
import { letterBatchStatusSchema, type LetterBatchStatus } from '@casedesk/contract/mail/letter';
import { mailDetailSchema, mailListResponseSchema } from '@casedesk/contract/mail/mail';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import { peakRss, residentBytes } from './all-list.ts';
import type { Budget } from './report.ts';

/**
 * The mail scenario (docs/budgets.md): e-mail through the embedded SMTP server, with and without a 10 s outage of
 * that server in the middle, and a batch of letters printed by its background job. Budgets: 1,000 e-mails all
 * delivered within 30 s; with the server stopped for 10 s, all delivered and none twice; 10,000 letters in the job
 * within 60 s with the server's RSS at most 300 MB above where it was.
 */

export const MAIL_EMAILS = 1_000;
export const MAIL_LETTERS = 10_000;
const EMAIL_BUDGET_MS = 30_000;
const LETTER_BUDGET_MS = 60_000;
const LETTER_RSS_BUDGET_MB = 300;
/** How many sends are in flight at once, as a few busy users would make them. */
const SENDERS = 20;
const OUTAGE_MS = 10_000;
/** Give up on a phase after this long (an outage retried with backoff can take minutes). */
const PHASE_TIMEOUT_MS = 10 * 60_000;

/**
 * The server's retry delay for the bench: 2 s, doubling (production defaults to 30 s, for outages of minutes). A
 * 10 s outage is then over in a few retries, so the run does not wait out a long backoff.
 */
export const MAIL_SERVER_ENV = { MAIL_RETRY_DELAY_SECONDS: '2' };

export interface MailScenario {
  officeId: string;
  /** Clients of the seed for the letter batch (the admin reaches every office). */
  clientIds: string[];
}

export async function buildMailScenario(database: Database): Promise<MailScenario> {
  const [office] = await database.query<{ id: string }>(`select id from offices order by name limit 1`);
  const clients = await database.query<{ id: string }>(
    `select id from clients where merged_into_id is null order by created_at, id limit ${MAIL_LETTERS}`,
  );
  if (clients.length < MAIL_LETTERS) {
    console.log(`  only ${clients.length} clients in the seed: the letter batch is that size (--clients to seed more)`);
  }
  return { officeId: office!.id, clientIds: clients.map((c) => c.id) };
}

export interface EmailRun {
  emails: number;
  /** First send to the last one SENT. */
  seconds: number;
  delivered: number;
  /** E-mails the embedded server received more than once (counted by Message-ID). */
  duplicates: number;
  missing: number;
  /** E-mails that needed more than one attempt (the outage's). */
  retried: number;
}

export interface LetterRun {
  letters: number;
  seconds: number;
  rssGrowthMb: number;
  state: LetterBatchStatus['state'];
}

export interface MailResult {
  plain: EmailRun;
  outage: EmailRun & { stoppedForSeconds: number };
  letters: LetterRun;
}

/** Requests as the admin; a token that expires during a long phase (a busy machine) is renewed once. */
function client(baseUrl: string, signIn: () => Promise<string>) {
  let token: Promise<string> = signIn();
  return async (method: string, path: string, body?: unknown): Promise<unknown> => {
    for (let attempt = 0; ; attempt += 1) {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (res.status === 401 && attempt === 0) {
        token = signIn();
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
      return text ? (JSON.parse(text) as unknown) : undefined;
    }
  };
}

type Call = ReturnType<typeof client>;

/** Sends `count` e-mails, SENDERS at a time; resolves with their ids. */
async function sendEmails(call: Call, officeId: string, tag: string, count: number): Promise<string[]> {
  const ids: string[] = new Array<string>(count);
  let next = 0;
  const sender = async () => {
    while (next < count) {
      const n = next++;
      const mail = mailDetailSchema.parse(
        await call('POST', '/api/v1/mail/sendMail', {
          officeId,
          to: [`bench.${tag}.${n}@example.com`],
          subject: `Bench ${tag} #${n}`,
          body: `Message ${n} of the ${tag} run.\n\nIt goes through the embedded SMTP server.`,
        }),
      );
      ids[n] = mail.id;
    }
  };
  await Promise.all(Array.from({ length: SENDERS }, sender));
  return ids;
}

/** How many of the run's e-mails are SENT, read from the outbox list. */
async function sentCount(call: Call, tag: string): Promise<number> {
  const page = mailListResponseSchema.parse(
    await call('POST', '/api/v1/mail/all', {
      pageNumber: 1,
      pageSize: 1,
      filter: { searchKeyword: `Bench ${tag} #`, status: 'SENT' },
    }),
  );
  return page.totalCount;
}

async function waitAllSent(call: Call, tag: string, count: number): Promise<void> {
  const started = performance.now();
  while ((await sentCount(call, tag)) < count) {
    if (performance.now() - started > PHASE_TIMEOUT_MS) throw new Error(`the ${tag} e-mails were not all SENT`);
    await sleep(200);
  }
}

/** Each e-mail's copies at the embedded server (its detail lists them) and its attempts. */
async function verify(call: Call, ids: string[]) {
  let duplicates = 0;
  let missing = 0;
  let retried = 0;
  let delivered = 0;
  for (const id of ids) {
    const mail = mailDetailSchema.parse(await call('GET', `/api/v1/mail/${id}`));
    if (mail.status === 'SENT') delivered += 1;
    if (mail.captured.length === 0) missing += 1;
    if (mail.captured.length > 1) duplicates += 1;
    if (mail.attempts > 1) retried += 1;
  }
  return { delivered, duplicates, missing, retried };
}

async function plainRun(call: Call, officeId: string): Promise<EmailRun> {
  const tag = `plain-${Date.now()}`;
  const started = performance.now();
  const ids = await sendEmails(call, officeId, tag, MAIL_EMAILS);
  await waitAllSent(call, tag, MAIL_EMAILS);
  const seconds = (performance.now() - started) / 1000;
  return { emails: MAIL_EMAILS, seconds: Math.round(seconds * 10) / 10, ...(await verify(call, ids)) };
}

/** The same, with the embedded server stopped for 10 s once about a third has gone out. */
async function outageRun(call: Call, officeId: string): Promise<MailResult['outage']> {
  const tag = `outage-${Date.now()}`;
  const started = performance.now();
  const sending = sendEmails(call, officeId, tag, MAIL_EMAILS);
  while ((await sentCount(call, tag)) < MAIL_EMAILS / 3) await sleep(50);
  await call('PUT', '/api/v1/mail/transport', { running: false });
  const stoppedAt = performance.now();
  await sleep(OUTAGE_MS);
  await call('PUT', '/api/v1/mail/transport', { running: true });
  const stoppedForSeconds = Math.round((performance.now() - stoppedAt) / 100) / 10;
  const ids = await sending;
  await waitAllSent(call, tag, MAIL_EMAILS);
  const seconds = (performance.now() - started) / 1000;
  return {
    emails: MAIL_EMAILS,
    seconds: Math.round(seconds * 10) / 10,
    stoppedForSeconds,
    ...(await verify(call, ids)),
  };
}

async function letterRun(call: Call, serverPid: number, scenario: MailScenario): Promise<LetterRun> {
  const before = residentBytes(serverPid);
  const started = performance.now();
  const work = (async () => {
    let status = letterBatchStatusSchema.parse(
      await call('POST', '/api/v1/mail/letterBatch', {
        officeId: scenario.officeId,
        clientIds: scenario.clientIds,
        subject: 'Our office is moving',
        body:
          'Dear @clientFirstName @clientLastName,\n\nOur office moves to a new address next month. Your ' +
          'appointments stay as they are, and our phone number does not change.\n\nSincerely,\nThe office team',
      }),
    );
    while (status.state === 'QUEUED' || status.state === 'RUNNING') {
      await sleep(250);
      status = letterBatchStatusSchema.parse(await call('GET', `/api/v1/mail/letterBatch/${status.id}`));
    }
    return status;
  })();
  const { result, peak } = await peakRss(serverPid, work);
  return {
    letters: result.done,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    rssGrowthMb: Math.round((peak - before) / 1e5) / 10,
    state: result.state,
  };
}

/** The three measurements, one after another on the running server; `signIn` gives a fresh token per phase. */
export async function measureMail(
  baseUrl: string,
  serverPid: number,
  signIn: () => Promise<string>,
  scenario: MailScenario,
  log: (line: string) => void,
): Promise<MailResult> {
  log(`${MAIL_EMAILS} e-mails through the embedded SMTP server…`);
  const plain = await plainRun(client(baseUrl, signIn), scenario.officeId);
  log(`  all SENT in ${plain.seconds} s; ${plain.duplicates} twice, ${plain.missing} missing`);
  log(`${MAIL_EMAILS} more with the embedded server stopped for ${OUTAGE_MS / 1000} s in the middle…`);
  const outage = await outageRun(client(baseUrl, signIn), scenario.officeId);
  log(
    `  all SENT in ${outage.seconds} s (stopped ${outage.stoppedForSeconds} s); ${outage.retried} retried, ` +
      `${outage.duplicates} twice, ${outage.missing} missing`,
  );
  log(`${scenario.clientIds.length} letters in one batch…`);
  const letters = await letterRun(client(baseUrl, signIn), serverPid, scenario);
  log(`  ${letters.letters} ${letters.state} in ${letters.seconds} s, RSS +${letters.rssGrowthMb} MB`);
  return { plain, outage, letters };
}

export function mailBudgets(result: MailResult | undefined): Budget[] {
  if (!result) return [];
  const { plain, outage, letters } = result;
  const fullBatch = letters.letters >= MAIL_LETTERS;
  const batchNote = fullBatch ? {} : { note: `budget is set for ${MAIL_LETTERS.toLocaleString('en-US')} letters` };
  return [
    {
      name: `${MAIL_EMAILS.toLocaleString('en-US')} e-mails through the embedded SMTP server, all delivered`,
      limit: EMAIL_BUDGET_MS,
      actual: Math.round(plain.seconds * 1000),
      unit: 'ms',
      pass: plain.missing === 0 && plain.duplicates === 0 && plain.seconds * 1000 <= EMAIL_BUDGET_MS,
    },
    {
      name: `with the server stopped ${outage.stoppedForSeconds} s mid-run: e-mails delivered twice or not at all`,
      limit: 0,
      actual: outage.duplicates + outage.missing,
      unit: '×',
      pass: outage.duplicates === 0 && outage.missing === 0 && outage.delivered === MAIL_EMAILS,
    },
    {
      name: `${letters.letters.toLocaleString('en-US')} letters printed by the batch job`,
      limit: LETTER_BUDGET_MS,
      actual: Math.round(letters.seconds * 1000),
      unit: 'ms',
      pass: fullBatch ? letters.state === 'DONE' && letters.seconds * 1000 <= LETTER_BUDGET_MS : null,
      ...batchNote,
    },
    {
      name: 'server RSS growth while printing them',
      limit: LETTER_RSS_BUDGET_MB,
      actual: letters.rssGrowthMb,
      unit: 'MB',
      pass: fullBatch ? letters.rssGrowthMb <= LETTER_RSS_BUDGET_MB : null,
      ...batchNote,
    },
  ];
}
