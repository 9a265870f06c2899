import { timelineSchema } from '@casedesk/contract/collections/account';
import type { Draft } from '@casedesk/contract/mail/draft';
import { DRAFT_MESSAGES, draftSchema } from '@casedesk/contract/mail/draft';
import { letterSchema } from '@casedesk/contract/mail/letter';
import { mailListResponseSchema } from '@casedesk/contract/mail/mail';
import { TEMPLATE_MESSAGES } from '@casedesk/contract/templates/template';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollectionAccount } from '../../../test/factories/collection-accounts.factory.ts';
import { pdfTextLines } from '../../../test/support/pdf-text.ts';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { users } from '../users/users.tables.ts';
import { draftContentHash } from './draft-hash.ts';
import { mailDrafts } from './draft.tables.ts';
import { filePart, putDraftMultipart } from './draft.test-support.ts';
import { sha256Of } from './mail-files.ts';
import type { MailRefs } from './mail.test-support.ts';
import { mailRefs, PDF_BYTES, waitForMail } from './mail.test-support.ts';

let t: TestApp;
let call: Injector;
let refs: MailRefs;
beforeAll(async () => {
  t = await createTestApp();
  call = injector(t);
  refs = await mailRefs(t);
});
afterAll(async () => t?.close());

const UNKNOWN = '00000000-0000-4000-8000-00000000d002';

/** An account of the Los Angeles office (the collector's and the manager's MAIL reach it) and its client. */
async function laAccount() {
  const client = await refs.clientOf(refs.la.id);
  return insertCollectionAccount(t.db(), { officeId: refs.la.id, clientId: client.id });
}

async function emailDraft(as: string, collectionAccountId: string): Promise<Draft> {
  const res = await putDraftMultipart(
    t,
    as,
    {
      kind: 'EMAIL',
      officeId: refs.la.id,
      collectionAccountId,
      to: ['rosa.mendez@example.com'],
      subject: 'Your statement',
      body: 'Dear Rosa,\n\nYour statement is attached.',
    },
    [filePart('statement.pdf', 'application/pdf', PDF_BYTES)],
  );
  expect(res.statusCode, res.body).toBe(200);
  return draftSchema.parse(res.json());
}

async function letterDraft(as: string, collectionAccountId: string): Promise<Draft> {
  const res = await call('PUT', '/api/v1/draft', as, {
    kind: 'LETTER',
    officeId: refs.la.id,
    collectionAccountId,
    subject: 'Your balance',
    body: 'Dear Rosa,\n\nPlease call us about your balance.\n\nSincerely,\nCollections',
  });
  expect(res.statusCode, res.body).toBe(200);
  return draftSchema.parse(res.json());
}

const approve = (as: string | null, id: string) => call('POST', '/api/v1/draft/approve', as, { id });

async function timelineOf(accountId: string) {
  const res = await call('POST', '/api/v1/collectionAccount/timeline', SEEDED.manager, { accountId });
  return timelineSchema.parse(res.json()).items;
}

describe('POST /api/v1/draft/approve (four-eyes)', () => {
  it('refuses a draft with a placeholder nothing filled, naming it: what is approved is what goes out', async () => {
    const account = await laAccount();
    const res = await call('PUT', '/api/v1/draft', SEEDED.collector, {
      kind: 'LETTER',
      officeId: refs.la.id,
      collectionAccountId: account.id,
      subject: 'Your plan',
      body: 'Dear Rosa,\n\nYour next payment of @payment is due on @dueDate.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const draft = draftSchema.parse(res.json());
    const refused = await approve(SEEDED.manager, draft.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TEMPLATE_MESSAGES.unfilled(['@payment', '@dueDate']));
    const [stored] = await t.db().select().from(mailDrafts).where(eq(mailDrafts.id, draft.id));
    expect(stored).toMatchObject({ status: 'DRAFT', approvedById: null, contentHash: null });
  });

  it('401, 403 without MAIL UPDATE, 400 for a bad id, 404 for none or another office’s draft', async () => {
    const account = await laAccount();
    const draft = await letterDraft(SEEDED.collector, account.id);
    expect((await approve(null, draft.id)).statusCode).toBe(401);
    // The operator holds MAIL READ and CREATE, not UPDATE.
    expect((await approve(SEEDED.operator, draft.id)).statusCode).toBe(403);
    const bad = await call('POST', '/api/v1/draft/approve', SEEDED.manager, { id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('id');
    expect((await approve(SEEDED.manager, UNKNOWN)).statusCode).toBe(404);
    const lvClient = await refs.clientOf(refs.lv.id);
    const lv = await call('PUT', '/api/v1/draft', SEEDED.admin, {
      kind: 'LETTER',
      officeId: refs.lv.id,
      clientId: lvClient.id,
      subject: 'Hello',
      body: 'Hello',
    });
    const lvDraft = draftSchema.parse(lv.json());
    const outside = await approve(SEEDED.manager, lvDraft.id);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(DRAFT_MESSAGES.notFound);
  });

  it('refuses its author and anyone who changed it; a second user approves, recording who, when and the hash', async () => {
    const account = await laAccount();
    const draft = await emailDraft(SEEDED.collector, account.id);
    const own = await approve(SEEDED.collector, draft.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(DRAFT_MESSAGES.ownDraft);

    // The admin edits it, and so becomes one of its writers.
    const edited = await call('PUT', '/api/v1/draft', SEEDED.admin, {
      id: draft.id,
      kind: 'EMAIL',
      officeId: refs.la.id,
      collectionAccountId: account.id,
      to: ['rosa.mendez@example.com'],
      subject: 'Your statement for March',
      body: draft.body,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await approve(SEEDED.admin, draft.id)).json().message).toBe(DRAFT_MESSAGES.ownDraft);

    const asked = Date.now();
    const res = await approve(SEEDED.manager, draft.id);
    const answered = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    const approved = draftSchema.parse(res.json());
    const [manager] = await t.db().select().from(users).where(eq(users.mail, SEEDED.manager));
    expect(approved).toMatchObject({
      status: 'APPROVED',
      approvedById: manager!.id,
      approvedByName: 'Morgan Manager',
      subject: 'Your statement for March',
    });
    // Stamped while the request was handled (the database's clock is this machine's).
    expect(Date.parse(approved.approvedAt!)).toBeGreaterThanOrEqual(asked - 1_000);
    expect(Date.parse(approved.approvedAt!)).toBeLessThanOrEqual(answered + 1_000);
    // The hash is of the content and of the attachment's bytes, as draft-hash.ts defines it.
    expect(approved.contentHash).toBe(
      draftContentHash({
        kind: 'EMAIL',
        officeId: refs.la.id,
        clientId: account.clientId,
        collectionAccountId: account.id,
        to: ['rosa.mendez@example.com'],
        subject: 'Your statement for March',
        body: draft.body,
        attachments: [{ filename: 'statement.pdf', contentType: 'application/pdf', sha256: sha256Of(PDF_BYTES) }],
      }),
    );
    const again = await approve(SEEDED.admin, draft.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DRAFT_MESSAGES.alreadyApproved);

    const items = await timelineOf(account.id);
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: 'DRAFT',
        title: 'E-mail approved: Your statement for March',
        by: 'Morgan Manager',
      }),
    );
  });

  it('an approved draft is frozen: PUT and DELETE answer 409, and the database refuses a change too', async () => {
    const account = await laAccount();
    const draft = await letterDraft(SEEDED.collector, account.id);
    expect((await approve(SEEDED.manager, draft.id)).statusCode).toBe(200);
    const put = await call('PUT', '/api/v1/draft', SEEDED.collector, {
      id: draft.id,
      kind: 'LETTER',
      officeId: refs.la.id,
      collectionAccountId: account.id,
      subject: 'Changed',
      body: 'Changed',
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(DRAFT_MESSAGES.approvedFrozen);
    const del = await call('DELETE', `/api/v1/draft?id=${draft.id}`, SEEDED.collector);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(DRAFT_MESSAGES.approvedKept);
    await expect(
      t.db().update(mailDrafts).set({ body: 'Changed' }).where(eq(mailDrafts.id, draft.id)),
    ).rejects.toThrow();
    await expect(t.db().delete(mailDrafts).where(eq(mailDrafts.id, draft.id))).rejects.toThrow();
    const read = draftSchema.parse((await call('GET', `/api/v1/draft?id=${draft.id}`, SEEDED.collector)).json());
    expect(read).toMatchObject({ status: 'APPROVED', subject: 'Your balance' });
  });
});

describe('POST /api/v1/draft/send and /draft/print', () => {
  it('401, 403, 404 out of scope; only an approved draft of the right kind goes', async () => {
    const account = await laAccount();
    const email = await emailDraft(SEEDED.collector, account.id);
    expect((await call('POST', '/api/v1/draft/send', null, { id: email.id })).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/draft/print', null, { id: email.id })).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/draft/send', SEEDED.attorney, { id: email.id })).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/draft/print', SEEDED.attorney, { id: email.id })).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/draft/send', SEEDED.manager, { id: UNKNOWN })).statusCode).toBe(404);
    const early = await call('POST', '/api/v1/draft/send', SEEDED.collector, { id: email.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(DRAFT_MESSAGES.notApproved);
    const wrongKind = await call('POST', '/api/v1/draft/print', SEEDED.collector, { id: email.id });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().message).toBe(DRAFT_MESSAGES.notLetter);
    const bad = await call('POST', '/api/v1/draft/print', SEEDED.collector, {});
    expect(bad.statusCode).toBe(400);
  });

  it('e-mails an approved draft with its frozen attachment: in the outbox, on the timeline, recorded on the draft', async () => {
    const account = await laAccount();
    const draft = await emailDraft(SEEDED.collector, account.id);
    expect((await approve(SEEDED.manager, draft.id)).statusCode).toBe(200);
    const res = await call('POST', '/api/v1/draft/send', SEEDED.collector, { id: draft.id });
    expect(res.statusCode, res.body).toBe(200);
    const sent = draftSchema.parse(res.json());
    expect(sent).toMatchObject({ status: 'SENT', completedByName: 'Casey Collector' });
    expect(sent.mailId).not.toBeNull();

    const outbox = mailListResponseSchema.parse(
      (await call('POST', '/api/v1/mail/all', SEEDED.manager, { filter: { collectionAccountId: account.id } })).json(),
    );
    expect(outbox.items).toEqual([
      expect.objectContaining({ id: sent.mailId, subject: 'Your statement', attachmentCount: 1 }),
    ]);
    const mail = await waitForMail(t, sent.mailId!);
    expect(mail.captured[0]!.attachments.map((a) => a.filename)).toEqual(['statement.pdf']);
    const items = await timelineOf(account.id);
    expect(items.map((i) => i.kind)).toEqual(expect.arrayContaining(['DRAFT', 'EMAIL']));

    const twice = await call('POST', '/api/v1/draft/send', SEEDED.collector, { id: draft.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(DRAFT_MESSAGES.alreadySent);
    const audits = await t.db().select().from(auditEvents).where(eq(auditEvents.entityId, draft.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['draft.approve', 'draft.send']));
  });

  it('prints an approved letter draft: the letter is saved, its PDF downloadable, the draft PRINTED', async () => {
    const account = await laAccount();
    const draft = await letterDraft(SEEDED.collector, account.id);
    expect((await approve(SEEDED.manager, draft.id)).statusCode).toBe(200);
    const res = await call('POST', '/api/v1/draft/print', SEEDED.collector, { id: draft.id });
    expect(res.statusCode, res.body).toBe(200);
    const printed = draftSchema.parse(res.json());
    expect(printed).toMatchObject({ status: 'PRINTED', letterUrl: `/api/v1/mail/letter/${printed.letterId}/file` });
    const file = await call('GET', printed.letterUrl!, SEEDED.manager);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(pdfTextLines(file.rawPayload)).toEqual(
      expect.arrayContaining(['Rosa Méndez', 'Re: Your balance', 'Please call us about your balance.']),
    );
    const letters = await call('POST', '/api/v1/mail/letter/all', SEEDED.manager, {
      filter: { collectionAccountId: account.id },
    });
    expect(letters.json().items.map((l: unknown) => letterSchema.parse(l).id)).toEqual([printed.letterId]);
    const items = await timelineOf(account.id);
    expect(items.map((i) => i.kind)).toEqual(expect.arrayContaining(['DRAFT', 'LETTER']));
    const twice = await call('POST', '/api/v1/draft/print', SEEDED.collector, { id: draft.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(DRAFT_MESSAGES.alreadyPrinted);
  });

  it('refuses to send when an attachment’s bytes no longer match the approval', async () => {
    const account = await laAccount();
    const draft = await emailDraft(SEEDED.collector, account.id);
    expect((await approve(SEEDED.manager, draft.id)).statusCode).toBe(200);
    await t.app.files.storage.put(draft.attachments[0]!.id, Buffer.from('%PDF-1.4\n% tampered\n%%EOF\n'));
    const res = await call('POST', '/api/v1/draft/send', SEEDED.collector, { id: draft.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DRAFT_MESSAGES.contentChanged);
    const read = draftSchema.parse((await call('GET', `/api/v1/draft?id=${draft.id}`, SEEDED.collector)).json());
    expect(read).toMatchObject({ status: 'APPROVED', mailId: null });
    const outbox = await call('POST', '/api/v1/mail/all', SEEDED.manager, {
      filter: { collectionAccountId: account.id },
    });
    expect(outbox.json().items).toEqual([]);
  });
});
