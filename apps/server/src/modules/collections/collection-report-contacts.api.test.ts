import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { collectionReportSchema } from '@casedesk/contract/collections/report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector } from '../../../test/support/test-app.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { clients } from '../clients/clients.tables.ts';
import { collectorPermissions } from '../../seed/permission-profiles.ts';
import { guardCollectionContact } from './collection-contact.service.ts';
import { insertAccount, insertClient, insertOffice, insertUser } from './collection-dashboard.test-support.ts';
import { collectionAccounts } from './collections.tables.ts';

/**
 * The contact log (collection reporting, CONTACT_LOG) lists the attempts the contact guard logged, allowed and
 * refused with the rule and its words: attempts made here through the guard itself, read back through HTTP,
 * on the screen and in the export, limited to the offices the reader's COLLECTION_REPORTING reaches.
 */

let t: TestApp;
let send: ReturnType<typeof injector>;
let office: { id: string; name: string };
let other: { id: string; name: string };
let collector: { id: string; mail: string; displayName: string };
let reader: { mail: string };
let otherReader: { mail: string };
let accountNumber: number;

const URL = '/api/v1/collectionAccount/report';
// A quiet month far from anything seeded.
const range = { dateFrom: '2022-02-01', dateTo: '2022-02-28' };

const reportingIn = (officeId: string): Permission => ({
  permissionType: 'COLLECTION_REPORTING',
  accessLevelDTO: [
    {
      accessType: 'READ',
      conditionDTO: [
        { conditionType: 'USER_ROLE', relationType: 'EQUALS', values: ['ADMIN'] },
        { conditionType: 'OFFICE', relationType: 'EQUALS', values: [officeId] },
      ],
    },
  ],
});

async function attempt(accountId: string, channel: 'CALL' | 'TEXT', at: string): Promise<string | null> {
  const [account] = await t.db().select().from(collectionAccounts).where(eq(collectionAccounts.id, accountId));
  try {
    await guardCollectionContact(t.db(), {
      actor: { userId: collector.id, permissions: [], role: 'COLLECTOR', ip: '127.0.0.1', requestId: 'test' } as never,
      account: { ...account!, collectorId: account!.collectorId ?? null },
      channel,
      toNumber: '2125550177',
      at: new Date(at),
    });
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

let refusal: string | null;

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  const db = t.db();
  office = await insertOffice(db, 'America/New_York');
  other = await insertOffice(db, 'America/Chicago');
  collector = await insertUser(db, office.id, 'COLLECTOR', collectorPermissions(office.id));
  reader = await insertUser(db, office.id, 'ADMIN', [reportingIn(office.id)]);
  otherReader = await insertUser(db, other.id, 'ADMIN', [reportingIn(other.id)]);
  const client = await insertClient(db, office.id);
  await db.update(clients).set({ state: 'NY' }).where(eq(clients.id, client));
  const account = await insertAccount(db, { officeId: office.id, clientId: client, originalCents: 30_000 });
  const [row] = await db
    .select({ n: collectionAccounts.accountNumber })
    .from(collectionAccounts)
    .where(eq(collectionAccounts.id, account));
  accountNumber = row!.n;
  // 10:00 in New York: allowed; a text at 11:00: allowed; 21:30 in New York: refused by the time of day.
  expect(await attempt(account, 'CALL', '2022-02-10T15:00:00Z')).toBeNull();
  expect(await attempt(account, 'TEXT', '2022-02-10T16:00:00Z')).toBeNull();
  refusal = await attempt(account, 'CALL', '2022-02-11T02:30:00Z');
  expect(refusal).toMatch(/^Calls to this client are allowed/);
});
afterAll(async () => t?.close());

describe('the contact log', () => {
  it('lists every attempt the guard logged, allowed or refused with its rule, newest first, in the office', async () => {
    const res = await send('POST', URL, reader.mail, { report: 'CONTACT_LOG', ...range, timeZone: 'America/New_York' });
    expect(res.statusCode, res.body).toBe(200);
    const log = collectionReportSchema.parse(res.json());
    if (log.report !== 'CONTACT_LOG') throw new Error('wrong report');
    expect(log.totals).toEqual({ attempts: 3, allowed: 2, refused: 1 });
    expect(
      log.items.map((r) => [r.at, r.channel, r.outcome, r.rule, r.message, r.accountNumber, r.by, r.office, r.to]),
    ).toEqual([
      [
        '2022-02-11T02:30:00.000Z',
        'CALL',
        'REFUSED',
        'TIME_OF_DAY',
        refusal,
        accountNumber,
        collector.displayName,
        office.name,
        '2125550177',
      ],
      [
        '2022-02-10T16:00:00.000Z',
        'TEXT',
        'ALLOWED',
        null,
        null,
        accountNumber,
        collector.displayName,
        office.name,
        '2125550177',
      ],
      [
        '2022-02-10T15:00:00.000Z',
        'CALL',
        'ALLOWED',
        null,
        null,
        accountNumber,
        collector.displayName,
        office.name,
        '2125550177',
      ],
    ]);
    expect(log.items.every((r) => r.client.startsWith('Dana Debtor'))).toBe(true);
  });

  it('shows a reader of another office none of them, and 404 for this office', async () => {
    const res = await send('POST', URL, otherReader.mail, { report: 'CONTACT_LOG', ...range });
    const log = collectionReportSchema.parse(res.json());
    expect(log.report === 'CONTACT_LOG' && log.totalCount).toBe(0);
    const named = await send('POST', URL, otherReader.mail, { report: 'CONTACT_LOG', ...range, officeId: office.id });
    expect(named.statusCode).toBe(404);
  });

  it('exports every attempt with its rule and words', async () => {
    const res = await send('POST', `${URL}/export?offsetHours=-5`, reader.mail, {
      report: 'CONTACT_LOG',
      ...range,
      format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split(/\r?\n/).filter((line) => line.includes(String(accountNumber)));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('TIME_OF_DAY');
    expect(lines[0]).toContain('Calls to this client are allowed');
    expect(lines.filter((line) => line.includes('REFUSED'))).toHaveLength(1);
  });
});
