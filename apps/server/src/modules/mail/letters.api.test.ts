import { setTimeout as sleep } from 'node:timers/promises';
import type { LetterBatchStatus } from '@casedesk/contract/mail/letter';
import {
  LETTER_MESSAGES,
  letterBatchStatusSchema,
  letterListResponseSchema,
  letterSchema,
} from '@casedesk/contract/mail/letter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollectionAccount } from '../../../test/factories/collection-accounts.factory.ts';
import { pdfTextLines } from '../../../test/support/pdf-text.ts';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import { letterDate } from './letter-content.ts';
import type { MailRefs } from './mail.test-support.ts';
import { mailRefs } from './mail.test-support.ts';

let t: TestApp;
let call: Injector;
let refs: MailRefs;
beforeAll(async () => {
  t = await createTestApp();
  call = injector(t);
  refs = await mailRefs(t);
});
afterAll(async () => t?.close());

const BODY = 'Dear Rosa,\n\nWe have opened your file.\n\nSincerely,\nThe Los Angeles office';

function letter(overrides: Record<string, unknown> = {}) {
  return { officeId: refs.la.id, subject: 'Your case file', body: BODY, ...overrides };
}

async function waitForBatch(id: string, as = SEEDED.manager): Promise<LetterBatchStatus> {
  const started = Date.now();
  for (;;) {
    const status = letterBatchStatusSchema.parse((await call('GET', `/api/v1/mail/letterBatch/${id}`, as)).json());
    if (status.state === 'DONE' || status.state === 'FAILED') return status;
    if (Date.now() - started > 30_000)
      throw new Error(`batch still ${status.state}: ${status.done} of ${status.total}`);
    await sleep(100);
  }
}

describe('POST /api/v1/mail/saveLetter', () => {
  it('401, 403 without MAIL CREATE, 400 with the field’s message', async () => {
    const client = await refs.clientOf(refs.la.id);
    expect((await call('POST', '/api/v1/mail/saveLetter', null, letter({ clientId: client.id }))).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/v1/mail/saveLetter', SEEDED.attorney, letter({ clientId: client.id }))).statusCode,
    ).toBe(403);
    const blank = await call(
      'POST',
      '/api/v1/mail/saveLetter',
      SEEDED.manager,
      letter({ clientId: client.id, subject: '' }),
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: LETTER_MESSAGES.subjectRequired });
    const nobody = await call('POST', '/api/v1/mail/saveLetter', SEEDED.manager, letter());
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({ fieldErrors: { clientId: LETTER_MESSAGES.recipientRequired } });
  });

  it('403 for an office outside MAIL CREATE; 404 for a client of another office, as for none', async () => {
    const client = await refs.clientOf(refs.la.id);
    const office = await call(
      'POST',
      '/api/v1/mail/saveLetter',
      SEEDED.collector,
      letter({ officeId: refs.sd.id, clientId: client.id }),
    );
    expect(office.statusCode).toBe(403);
    expect(office.json().message).toBe(LETTER_MESSAGES.officeOutOfScope);
    // The collector reads clients of every office (CLIENT_PROFILE READ without condition); restrict by hand:
    // a client merged away is gone for everyone.
    const unknown = await call(
      'POST',
      '/api/v1/mail/saveLetter',
      SEEDED.manager,
      letter({ clientId: '00000000-0000-4000-8000-000000000003' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fieldErrors).toEqual({ clientId: LETTER_MESSAGES.clientUnknown });
    const account = await call(
      'POST',
      '/api/v1/mail/saveLetter',
      SEEDED.manager,
      letter({ clientId: client.id, collectionAccountId: '00000000-0000-4000-8000-000000000004' }),
    );
    expect(account.statusCode).toBe(404);
    expect(account.json().fieldErrors).toEqual({ collectionAccountId: LETTER_MESSAGES.collectionAccountUnknown });
  });

  it('prints the letter on the office’s letterhead to the client’s address, saves it and serves its PDF', async () => {
    const client = await refs.clientOf(refs.la.id);
    const res = await call('POST', '/api/v1/mail/saveLetter', SEEDED.manager, letter({ clientId: client.id }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = letterSchema.parse(res.json());
    expect(saved).toMatchObject({
      officeId: refs.la.id,
      officeName: 'Los Angeles',
      clientId: client.id,
      clientName: 'Rosa Méndez',
      subject: 'Your case file',
      pages: 1,
      batchId: null,
      createdByName: 'Morgan Manager',
      downloadUrl: `/api/v1/mail/letter/${saved.id}/file`,
    });
    const file = await call('GET', saved.downloadUrl, SEEDED.manager);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.length).toBe(saved.size);
    const lines = pdfTextLines(file.rawPayload);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Casedesk Legal Services',
        'Los Angeles Office',
        '350 S Grand Ave · Los Angeles, CA 90071',
        'Phone (213) 555-0110 · losangeles@casedesk.local',
        letterDate('America/Los_Angeles'),
        'Rosa Méndez',
        '1234 W Camelback Rd Apt 5',
        'Phoenix, AZ 85015',
        'Re: Your case file',
        'Dear Rosa,',
        'We have opened your file.',
        'Page 1 of 1',
      ]),
    );

    const listed = letterListResponseSchema.parse(
      (await call('POST', '/api/v1/mail/letter/all', SEEDED.manager, { filter: { clientId: client.id } })).json(),
    );
    expect(listed.items.map((l) => l.id)).toEqual([saved.id]);
  });

  it('a letter about a collection account goes to the account’s client, and the account’s list shows it', async () => {
    const client = await refs.clientOf(refs.la.id);
    const account = await insertCollectionAccount(t.db(), { officeId: refs.la.id, clientId: client.id });
    const res = await call(
      'POST',
      '/api/v1/mail/saveLetter',
      SEEDED.manager,
      letter({ collectionAccountId: account.id, subject: 'Your balance' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = letterSchema.parse(res.json());
    expect(saved).toMatchObject({ clientId: client.id, clientName: 'Rosa Méndez', collectionAccountId: account.id });
    const file = await call('GET', saved.downloadUrl, SEEDED.manager);
    expect(pdfTextLines(file.rawPayload)).toEqual(expect.arrayContaining(['Rosa Méndez', 'Re: Your balance']));
    const listed = letterListResponseSchema.parse(
      (
        await call('POST', '/api/v1/mail/letter/all', SEEDED.manager, { filter: { collectionAccountId: account.id } })
      ).json(),
    );
    expect(listed.items.map((l) => l.id)).toEqual([saved.id]);
  });

  it('a letter of another office is not found, its list empty', async () => {
    const client = await refs.clientOf(refs.lv.id);
    const res = await call(
      'POST',
      '/api/v1/mail/saveLetter',
      SEEDED.admin,
      letter({ officeId: refs.lv.id, clientId: client.id }),
    );
    const saved = letterSchema.parse(res.json());
    expect((await call('GET', saved.downloadUrl, SEEDED.manager)).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/v1/mail/letter/00000000-0000-4000-8000-000000000005/file', SEEDED.manager)).statusCode,
    ).toBe(404);
    const listed = await call('POST', '/api/v1/mail/letter/all', SEEDED.manager, { filter: { clientId: client.id } });
    expect(listed.json().items).toEqual([]);
    expect((await call('POST', '/api/v1/mail/letter/all', SEEDED.attorney, {})).statusCode).toBe(403);
  });
});

describe('letter batches', () => {
  it('202, then one letter per client with its name filled in, progress to DONE', async () => {
    const clients = await Promise.all(
      ['Ana', 'Ben', 'Cruz'].map((firstName) => refs.clientOf(refs.la.id, { firstName, lastName: 'Ortega' })),
    );
    const res = await call('POST', '/api/v1/mail/letterBatch', SEEDED.manager, {
      officeId: refs.la.id,
      clientIds: clients.map((c) => c.id),
      subject: 'Office move',
      body: 'Dear @clientFirstName @clientLastName,\n\nOur office moves next month.',
    });
    expect(res.statusCode, res.body).toBe(202);
    const started = letterBatchStatusSchema.parse(res.json());
    expect(started).toMatchObject({ state: 'QUEUED', total: 3, done: 0 });
    const finished = await waitForBatch(started.id);
    expect(finished).toMatchObject({ state: 'DONE', total: 3, done: 3, error: null });

    const listed = letterListResponseSchema.parse(
      (await call('POST', '/api/v1/mail/letter/all', SEEDED.manager, { filter: { batchId: started.id } })).json(),
    );
    expect(listed.totalCount).toBe(3);
    const texts = await Promise.all(
      listed.items.map(async (l) => pdfTextLines((await call('GET', l.downloadUrl, SEEDED.manager)).rawPayload)),
    );
    expect(texts.map((lines) => lines.find((line) => line.startsWith('Dear '))).sort()).toEqual([
      'Dear Ana Ortega,',
      'Dear Ben Ortega,',
      'Dear Cruz Ortega,',
    ]);
    // Only its requester follows a batch.
    expect((await call('GET', `/api/v1/mail/letterBatch/${started.id}`, SEEDED.admin)).statusCode).toBe(404);
  });

  it('refuses the whole batch when a client is unknown; 403 for another office; 400 when empty', async () => {
    const client = await refs.clientOf(refs.la.id);
    const unknown = await call('POST', '/api/v1/mail/letterBatch', SEEDED.manager, {
      officeId: refs.la.id,
      clientIds: [client.id, '00000000-0000-4000-8000-000000000006'],
      subject: 'Office move',
      body: 'Hello',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(LETTER_MESSAGES.batchClientsUnknown(1));
    const office = await call('POST', '/api/v1/mail/letterBatch', SEEDED.manager, {
      officeId: refs.lv.id,
      clientIds: [client.id],
      subject: 'Office move',
      body: 'Hello',
    });
    expect(office.statusCode).toBe(403);
    const empty = await call('POST', '/api/v1/mail/letterBatch', SEEDED.manager, {
      officeId: refs.la.id,
      clientIds: [],
      subject: 'Office move',
      body: 'Hello',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(LETTER_MESSAGES.batchEmpty);
    expect((await call('POST', '/api/v1/mail/letterBatch', null, {})).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/mail/letterBatch', SEEDED.attorney, {})).statusCode).toBe(403);
  });
});
