import { DRAFT_MESSAGES, draftListResponseSchema, draftSchema } from '@casedesk/contract/mail/draft';
import { MAIL_MESSAGES } from '@casedesk/contract/mail/mail';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollectionAccount } from '../../../test/factories/collection-accounts.factory.ts';
import { PNG_1X1 } from '../../../test/factories/images.factory.ts';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { DEMO_DRAFT_SUBJECT, seedDrafts } from '../../seed/drafts.seed.ts';
import { templates } from '../templates/templates.tables.ts';
import { mailDrafts } from './draft.tables.ts';
import { users } from '../users/users.tables.ts';
import { filePart, putDraftMultipart } from './draft.test-support.ts';
import type { MailRefs } from './mail.test-support.ts';
import { mailRefs, PDF_BYTES } from './mail.test-support.ts';

let t: TestApp;
let call: Injector;
let refs: MailRefs;
beforeAll(async () => {
  t = await createTestApp();
  call = injector(t);
  refs = await mailRefs(t);
});
afterAll(async () => t?.close());

const UNKNOWN = '00000000-0000-4000-8000-00000000d001';

function email(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'EMAIL',
    officeId: refs.la.id,
    to: ['rosa.mendez@example.com'],
    subject: 'Your documents',
    body: 'Dear Rosa,\n\nPlease find your documents attached.\n\nLos Angeles office',
    ...overrides,
  };
}

const idOf = async (mail: string) => (await t.db().select().from(users).where(eq(users.mail, mail)))[0]!.id;

describe('PUT /api/v1/draft', () => {
  it('401 without a token, 403 without MAIL CREATE', async () => {
    const client = await refs.clientOf(refs.la.id);
    expect((await call('PUT', '/api/v1/draft', null, email({ clientId: client.id }))).statusCode).toBe(401);
    expect((await putDraftMultipart(t, null, email({ clientId: client.id }))).statusCode).toBe(401);
    expect((await call('PUT', '/api/v1/draft', SEEDED.attorney, email({ clientId: client.id }))).statusCode).toBe(403);
  });

  it('400 with the field’s message', async () => {
    const client = await refs.clientOf(refs.la.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [email({ clientId: client.id, to: [] }), 'to', DRAFT_MESSAGES.toRequired],
      [email({ clientId: client.id, to: ['rosa@'] }), 'to.0', DRAFT_MESSAGES.toInvalid],
      [email({ clientId: client.id, subject: '  ' }), 'subject', DRAFT_MESSAGES.subjectRequired],
      [email({ clientId: client.id, body: '' }), 'body', DRAFT_MESSAGES.bodyRequired],
      [email(), 'clientId', DRAFT_MESSAGES.recipientRequired],
      [email({ clientId: client.id, kind: 'FAX' }), 'kind', DRAFT_MESSAGES.kindRequired],
      [email({ clientId: client.id, kind: 'LETTER' }), 'to', DRAFT_MESSAGES.toNotForLetter],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('PUT', '/api/v1/draft', SEEDED.manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message, fieldErrors: { [field]: message } });
    }
  });

  it('400 for a multipart body without its draft part, with a letter’s attachments or a bad file', async () => {
    const client = await refs.clientOf(refs.la.id);
    const noPart = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/draft',
      headers: {
        ...(await t.authFor(SEEDED.manager)),
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="request"\r\n\r\n{}\r\n--x--\r\n',
    });
    expect(noPart.statusCode).toBe(400);
    expect(noPart.json().message).toBe(DRAFT_MESSAGES.unexpectedPart);
    const letter = await putDraftMultipart(
      t,
      SEEDED.manager,
      { kind: 'LETTER', officeId: refs.la.id, clientId: client.id, subject: 'Your file', body: 'Dear Rosa' },
      [filePart('scan.pdf', 'application/pdf', PDF_BYTES)],
    );
    expect(letter.statusCode).toBe(400);
    expect(letter.json()).toMatchObject({ message: DRAFT_MESSAGES.letterAttachments });
    const bad = await putDraftMultipart(t, SEEDED.manager, email({ clientId: client.id }), [
      filePart('run.exe', 'application/octet-stream', Buffer.from([0x4d, 0x5a, 0x00, 0x01, 0xff])),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MAIL_MESSAGES.attachmentType('run.exe'));
  });

  it('403 for an office outside MAIL CREATE; 404 for an account, client or template out of reach', async () => {
    const client = await refs.clientOf(refs.la.id);
    const office = await call(
      'PUT',
      '/api/v1/draft',
      SEEDED.manager,
      email({ officeId: refs.lv.id, clientId: client.id }),
    );
    expect(office.statusCode).toBe(403);
    expect(office.json().message).toBe(DRAFT_MESSAGES.officeOutOfScope);
    // The manager's ALL_ACCOUNTS READ reaches Los Angeles and San Diego: a Las Vegas account is not found.
    const lvClient = await refs.clientOf(refs.lv.id);
    const lvAccount = await insertCollectionAccount(t.db(), { officeId: refs.lv.id, clientId: lvClient.id });
    const account = await call('PUT', '/api/v1/draft', SEEDED.manager, email({ collectionAccountId: lvAccount.id }));
    expect(account.statusCode).toBe(404);
    expect(account.json().fieldErrors).toEqual({ collectionAccountId: DRAFT_MESSAGES.collectionAccountUnknown });
    const unknownClient = await call('PUT', '/api/v1/draft', SEEDED.manager, email({ clientId: UNKNOWN }));
    expect(unknownClient.statusCode).toBe(404);
    expect(unknownClient.json().fieldErrors).toEqual({ clientId: DRAFT_MESSAGES.clientUnknown });
    const template = await call(
      'PUT',
      '/api/v1/draft',
      SEEDED.manager,
      email({ clientId: client.id, body: null, templateId: UNKNOWN }),
    );
    expect(template.statusCode).toBe(404);
    expect(template.json().message).toBe(DRAFT_MESSAGES.templateUnknown);
    const update = await call('PUT', '/api/v1/draft', SEEDED.manager, email({ id: UNKNOWN, clientId: client.id }));
    expect(update.statusCode).toBe(404);
    expect(update.json().message).toBe(DRAFT_MESSAGES.notFound);
  });

  it('creates an e-mail draft with its attachments, then an update keeps, drops and adds files', async () => {
    const client = await refs.clientOf(refs.la.id);
    const res = await putDraftMultipart(t, SEEDED.collector, email({ clientId: client.id }), [
      filePart('statement.pdf', 'application/pdf', PDF_BYTES),
      filePart('photo.png', 'image/png', PNG_1X1),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const created = draftSchema.parse(res.json());
    expect(created).toMatchObject({
      kind: 'EMAIL',
      status: 'DRAFT',
      officeId: refs.la.id,
      officeName: 'Los Angeles',
      clientId: client.id,
      clientName: 'Rosa Méndez',
      to: ['rosa.mendez@example.com'],
      subject: 'Your documents',
      attachmentCount: 2,
      createdById: await idOf(SEEDED.collector),
      createdByName: 'Casey Collector',
      approvedById: null,
      contentHash: null,
      mailId: null,
    });
    expect(created.attachments.map((a) => [a.filename, a.contentType, a.size])).toEqual([
      ['statement.pdf', 'application/pdf', PDF_BYTES.length],
      ['photo.png', 'image/png', PNG_1X1.length],
    ]);
    const file = await call('GET', created.attachments[0]!.downloadUrl, SEEDED.manager);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);

    // The update keeps the PNG only and adds a text file; the PDF's file is gone with it.
    const png = created.attachments[1]!;
    const updated = await putDraftMultipart(
      t,
      SEEDED.collector,
      email({ id: created.id, clientId: client.id, subject: 'Your documents (2)', keepAttachmentIds: [png.id] }),
      [filePart('note.txt', 'text/plain', Buffer.from('Bring your ID.\n'))],
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const after = draftSchema.parse(updated.json());
    expect(after).toMatchObject({ id: created.id, subject: 'Your documents (2)', status: 'DRAFT' });
    expect(after.attachments.map((a) => a.filename)).toEqual(['photo.png', 'note.txt']);
    expect(after.attachments[0]!.id).toBe(png.id);
    expect((await call('GET', created.attachments[0]!.downloadUrl, SEEDED.manager)).statusCode).toBe(404);

    // A JSON update keeps every file; an id not the draft's is refused.
    const json = await call('PUT', '/api/v1/draft', SEEDED.collector, email({ id: created.id, clientId: client.id }));
    expect(draftSchema.parse(json.json()).attachments).toHaveLength(2);
    const foreign = await call(
      'PUT',
      '/api/v1/draft',
      SEEDED.collector,
      email({ id: created.id, clientId: client.id, keepAttachmentIds: [UNKNOWN] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toEqual({ keepAttachmentIds: DRAFT_MESSAGES.attachmentUnknown });

    const audits = await t.db().select().from(auditEvents).where(eq(auditEvents.entityId, created.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['draft.create', 'draft.update', 'draft.update']);
  });

  it('builds a letter from a template, filled for the account’s client', async () => {
    const client = await refs.clientOf(refs.la.id, { firstName: 'Ana', lastName: 'Ortega' });
    const account = await insertCollectionAccount(t.db(), { officeId: refs.la.id, clientId: client.id });
    const [template] = await t.db().select().from(templates).where(eq(templates.name, 'Case update letter'));
    const res = await call('PUT', '/api/v1/draft', SEEDED.manager, {
      kind: 'LETTER',
      officeId: refs.la.id,
      collectionAccountId: account.id,
      templateId: template!.id,
      subject: 'Your case',
    });
    expect(res.statusCode, res.body).toBe(200);
    const draft = draftSchema.parse(res.json());
    expect(draft).toMatchObject({
      kind: 'LETTER',
      clientId: client.id,
      collectionAccountId: account.id,
      templateId: template!.id,
      to: [],
    });
    expect(draft.body).toMatch(/^Dear Ana Ortega,\n\nWe are writing/);
    // An e-mail from a letter template is refused.
    const wrong = await call('PUT', '/api/v1/draft', SEEDED.manager, {
      ...email({ collectionAccountId: account.id, body: null }),
      templateId: template!.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(DRAFT_MESSAGES.templateKind('EMAIL'));
  });
});

describe('GET, list and DELETE /api/v1/draft', () => {
  it('401, 403, 400 for a bad id', async () => {
    expect((await call('GET', `/api/v1/draft?id=${UNKNOWN}`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/v1/draft?id=${UNKNOWN}`, SEEDED.attorney)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/draft?id=${UNKNOWN}`, null)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/v1/draft?id=${UNKNOWN}`, SEEDED.attorney)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/draft/all', null, {})).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/draft/all', SEEDED.attorney, {})).statusCode).toBe(403);
    const bad = await call('GET', '/api/v1/draft?id=nope', SEEDED.manager);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('id');
  });

  it('another office’s draft is not found, out of the list, and cannot be discarded', async () => {
    const client = await refs.clientOf(refs.lv.id);
    const res = await call('PUT', '/api/v1/draft', SEEDED.admin, email({ officeId: refs.lv.id, clientId: client.id }));
    const lv = draftSchema.parse(res.json());
    for (const method of ['GET', 'DELETE'] as const) {
      const answer = await call(method, `/api/v1/draft?id=${lv.id}`, SEEDED.manager);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(DRAFT_MESSAGES.notFound);
    }
    const update = await call(
      'PUT',
      '/api/v1/draft',
      SEEDED.manager,
      email({ id: lv.id, officeId: refs.la.id, clientId: client.id }),
    );
    expect(update.statusCode).toBe(404);
    const listed = draftListResponseSchema.parse(
      (await call('POST', '/api/v1/draft/all', SEEDED.manager, { filter: { clientId: client.id } })).json(),
    );
    expect(listed.items).toEqual([]);
    expect((await call('GET', `/api/v1/draft?id=${lv.id}`, SEEDED.admin)).statusCode).toBe(200);
  });

  it('reads and lists a draft, then discards it with its files', async () => {
    const client = await refs.clientOf(refs.sd.id);
    const res = await putDraftMultipart(t, SEEDED.manager, email({ officeId: refs.sd.id, clientId: client.id }), [
      filePart('statement.pdf', 'application/pdf', PDF_BYTES),
    ]);
    const draft = draftSchema.parse(res.json());
    const read = draftSchema.parse((await call('GET', `/api/v1/draft?id=${draft.id}`, SEEDED.manager)).json());
    expect(read).toEqual(draft);
    const listed = draftListResponseSchema.parse(
      (
        await call('POST', '/api/v1/draft/all', SEEDED.manager, { filter: { clientId: client.id, status: 'DRAFT' } })
      ).json(),
    );
    expect(listed).toMatchObject({ totalCount: 1, items: [{ id: draft.id, attachmentCount: 1, status: 'DRAFT' }] });

    const deleted = await call('DELETE', `/api/v1/draft?id=${draft.id}`, SEEDED.manager);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(draftSchema.parse(deleted.json()).id).toBe(draft.id);
    expect((await call('GET', `/api/v1/draft?id=${draft.id}`, SEEDED.manager)).statusCode).toBe(404);
    expect((await t.app.files.storage.get(draft.attachments[0]!.id)) ?? null).toBeNull();
    const [audit] = await t.db().select().from(auditEvents).where(eq(auditEvents.action, 'draft.delete'));
    expect(audit).toMatchObject({ entity: 'mail_drafts', entityId: draft.id });
  });
});

describe('demo data', () => {
  it('has one letter draft by the collector on their account, waiting for a manager’s approval; seeding again adds none', async () => {
    const listed = draftListResponseSchema.parse(
      (await call('POST', '/api/v1/draft/all', SEEDED.manager, { filter: { status: 'DRAFT', kind: 'LETTER' } })).json(),
    );
    const demo = listed.items.filter((d) => d.subject === DEMO_DRAFT_SUBJECT);
    expect(demo).toEqual([expect.objectContaining({ createdByName: 'Casey Collector', status: 'DRAFT' })]);
    const account = await call('GET', `/api/v1/collectionAccount?id=${demo[0]!.collectionAccountId}`, SEEDED.collector);
    expect(account.json()).toMatchObject({ collector: 'Casey Collector', officeId: demo[0]!.officeId });
    await seedDrafts(t.db());
    const rows = await t.db().select().from(mailDrafts).where(eq(mailDrafts.subject, DEMO_DRAFT_SUBJECT));
    expect(rows).toHaveLength(1);
  });
});
