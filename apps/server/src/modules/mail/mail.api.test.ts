import { createHash } from 'node:crypto';
import {
  MAIL_MESSAGES,
  mailDetailSchema,
  mailListResponseSchema,
  mailTransportSchema,
} from '@casedesk/contract/mail/mail';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_1X1, PNG_1X1 } from '../../../test/factories/images.factory.ts';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { mailOutbox } from './mail.tables.ts';
import type { MailRefs } from './mail.test-support.ts';
import { capturedOf, mailRefs, PDF_BYTES, requestPart, sendMultipart, waitForMail } from './mail.test-support.ts';

let t: TestApp;
let call: Injector;
let refs: MailRefs;
beforeAll(async () => {
  t = await createTestApp();
  call = injector(t);
  refs = await mailRefs(t);
});
afterAll(async () => t?.close());

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function email(overrides: Record<string, unknown> = {}) {
  return {
    officeId: refs.la.id,
    to: ['rosa.mendez@example.com'],
    subject: 'Your documents',
    body: 'Dear Rosa,\n\nPlease find your documents attached.\n\nLos Angeles office',
    ...overrides,
  };
}

describe('POST /api/v1/mail/sendMail', () => {
  it('401 without a token, 403 without MAIL CREATE', async () => {
    expect((await call('POST', '/api/v1/mail/sendMail', null, email())).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/mail/sendMail', SEEDED.attorney, email())).statusCode).toBe(403);
  });

  it('400 with the field’s message for a missing recipient, a bad address, a blank subject', async () => {
    const noTo = await call('POST', '/api/v1/mail/sendMail', SEEDED.manager, email({ to: [] }));
    expect(noTo.statusCode).toBe(400);
    expect(noTo.json()).toMatchObject({
      message: MAIL_MESSAGES.toRequired,
      fieldErrors: { to: MAIL_MESSAGES.toRequired },
    });
    const bad = await call('POST', '/api/v1/mail/sendMail', SEEDED.manager, email({ to: ['rosa@'] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MAIL_MESSAGES.toInvalid);
    const blank = await call('POST', '/api/v1/mail/sendMail', SEEDED.manager, email({ subject: '  ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(MAIL_MESSAGES.subjectRequired);
  });

  it('403 for an office outside the caller’s MAIL CREATE; 404 for a client or an account out of reach', async () => {
    const office = await call('POST', '/api/v1/mail/sendMail', SEEDED.manager, email({ officeId: refs.lv.id }));
    expect(office.statusCode).toBe(403);
    expect(office.json()).toMatchObject({ message: MAIL_MESSAGES.officeOutOfScope });
    // The manager's CLIENT_PROFILE READ has no office condition; the collector's MAIL reaches Los Angeles only.
    const lvClient = await refs.clientOf(refs.lv.id);
    const collector = await call('POST', '/api/v1/mail/sendMail', SEEDED.collector, email({ officeId: refs.sd.id }));
    expect(collector.statusCode).toBe(403);
    const account = await call(
      'POST',
      '/api/v1/mail/sendMail',
      SEEDED.manager,
      email({ collectionAccountId: '00000000-0000-4000-8000-000000000001' }),
    );
    expect(account.statusCode).toBe(404);
    expect(account.json().fieldErrors).toEqual({ collectionAccountId: MAIL_MESSAGES.collectionAccountUnknown });
    const unknown = await call(
      'POST',
      '/api/v1/mail/sendMail',
      SEEDED.manager,
      email({ clientId: '00000000-0000-4000-8000-000000000002' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fieldErrors).toEqual({ clientId: MAIL_MESSAGES.clientUnknown });
    expect(lvClient.id).toBeTruthy();
  });

  it('queues the e-mail, and the job sends it over SMTP to the embedded server with its own Message-ID', async () => {
    const client = await refs.clientOf(refs.la.id);
    const res = await call('POST', '/api/v1/mail/sendMail', SEEDED.manager, email({ clientId: client.id }));
    expect(res.statusCode).toBe(200);
    const queued = mailDetailSchema.parse(res.json());
    expect(queued).toMatchObject({
      officeId: refs.la.id,
      officeName: 'Los Angeles',
      clientId: client.id,
      clientName: 'Rosa Méndez',
      createdByName: 'Morgan Manager',
      to: ['rosa.mendez@example.com'],
      attachmentCount: 0,
    });
    expect(['QUEUED', 'SENDING', 'SENT']).toContain(queued.status);
    expect(queued.messageId).toBe(`<${queued.id}@casedesk.local>`);

    const sent = await waitForMail(t, queued.id);
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    expect(sent.sentAt).not.toBeNull();
    expect(sent.captured).toHaveLength(1);
    expect(sent.captured[0]).toMatchObject({
      envelopeFrom: 'no-reply@casedesk.local',
      envelopeTo: ['rosa.mendez@example.com'],
      subject: 'Your documents',
      from: '"Casedesk" <no-reply@casedesk.local>',
      to: 'rosa.mendez@example.com',
    });
    expect(sent.captured[0]!.text).toContain('Please find your documents attached.');
    expect(sent.captured[0]!.headers).toContainEqual({ name: 'message-id', value: `Message-ID: ${queued.messageId}` });

    const [audit] = await t.db().select().from(auditEvents).where(eq(auditEvents.entityId, queued.id));
    expect(audit).toMatchObject({ action: 'mail.send', entity: 'mail_outbox' });
    expect(JSON.stringify(audit!.after)).not.toContain('Please find');
  });

  it('multipart: a request part and attachments, sent with them and downloadable as stored and as received', async () => {
    const text = Buffer.from('Settlement summary\nAmount: $1,250.00\n');
    const res = await sendMultipart(t, SEEDED.manager, [
      requestPart(email({ subject: 'With attachments' })),
      { name: 'attachments', filename: 'summary.pdf', contentType: 'application/pdf', data: PDF_BYTES },
      { name: 'attachments', filename: 'photo.png', contentType: 'image/png', data: PNG_1X1 },
      // A browser that does not know the type says octet-stream: the bytes decide.
      { name: 'attachments', filename: 'scan.jpg', contentType: 'application/octet-stream', data: JPEG_1X1 },
      { name: 'attachments', filename: 'notes.txt', contentType: 'text/plain', data: text },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const queued = mailDetailSchema.parse(res.json());
    expect(queued.attachments.map((a) => [a.filename, a.contentType, a.size])).toEqual([
      ['summary.pdf', 'application/pdf', PDF_BYTES.length],
      ['photo.png', 'image/png', PNG_1X1.length],
      ['scan.jpg', 'image/jpeg', JPEG_1X1.length],
      ['notes.txt', 'text/plain', text.length],
    ]);

    const download = await call('GET', queued.attachments[0]!.downloadUrl, SEEDED.manager);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="summary.pdf"/);
    expect(sha256(download.rawPayload)).toBe(sha256(PDF_BYTES));

    const sent = await waitForMail(t, queued.id);
    const received = sent.captured[0]!.attachments;
    expect(received.map((a) => [a.filename, a.contentType, a.size])).toEqual([
      ['summary.pdf', 'application/pdf', PDF_BYTES.length],
      ['photo.png', 'image/png', PNG_1X1.length],
      ['scan.jpg', 'image/jpeg', JPEG_1X1.length],
      ['notes.txt', 'text/plain', text.length],
    ]);
    const png = await call('GET', received[1]!.downloadUrl, SEEDED.manager);
    expect(sha256(png.rawPayload)).toBe(sha256(PNG_1X1));
    // An attachment is reached only under its own e-mail.
    const other = await call('POST', '/api/v1/mail/sendMail', SEEDED.manager, email());
    const crossed = await call(
      'GET',
      `/api/v1/mail/${other.json().id}/attachment/${queued.attachments[0]!.id}`,
      SEEDED.manager,
    );
    expect(crossed.statusCode).toBe(404);
  });

  it('400 in plain words for a file that is no accepted type, one whose bytes are not its type, an empty one', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);
    const wrong = await sendMultipart(t, SEEDED.manager, [
      requestPart(email()),
      { name: 'attachments', filename: 'setup.exe', contentType: 'application/octet-stream', data: exe },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: MAIL_MESSAGES.attachmentType('setup.exe'),
      fieldErrors: { attachments: MAIL_MESSAGES.attachmentType('setup.exe') },
    });
    const disguised = await sendMultipart(t, SEEDED.manager, [
      requestPart(email()),
      { name: 'attachments', filename: 'invoice.pdf', contentType: 'application/pdf', data: PNG_1X1 },
    ]);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe(MAIL_MESSAGES.attachmentMismatch('invoice.pdf', 'PNG image'));
    const empty = await sendMultipart(t, SEEDED.manager, [
      requestPart(email()),
      { name: 'attachments', filename: 'empty.txt', contentType: 'text/plain', data: Buffer.alloc(0) },
    ]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MAIL_MESSAGES.attachmentEmpty('empty.txt'));
  });

  it('400 once the attachments pass 10 MB together, or number more than 10; nothing is written', async () => {
    const before = (await t.db().select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const sixMb = Buffer.concat([PDF_BYTES, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const tooLarge = await sendMultipart(t, SEEDED.manager, [
      requestPart(email()),
      { name: 'attachments', filename: 'a.pdf', contentType: 'application/pdf', data: sixMb },
      { name: 'attachments', filename: 'b.pdf', contentType: 'application/pdf', data: sixMb },
    ]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({
      message: MAIL_MESSAGES.attachmentsTooLarge,
      fieldErrors: { attachments: MAIL_MESSAGES.attachmentsTooLarge },
    });
    const oneTooLarge = await sendMultipart(t, SEEDED.manager, [
      requestPart(email()),
      { name: 'attachments', filename: 'big.pdf', contentType: 'application/pdf', data: Buffer.concat([sixMb, sixMb]) },
    ]);
    expect(oneTooLarge.statusCode).toBe(400);
    expect(oneTooLarge.json().message).toBe(MAIL_MESSAGES.attachmentsTooLarge);
    const files = Array.from({ length: 11 }, (_, i) => ({
      name: 'attachments',
      filename: `n${i}.txt`,
      contentType: 'text/plain',
      data: Buffer.from(`note ${i}\n`),
    }));
    const tooMany = await sendMultipart(t, SEEDED.manager, [requestPart(email()), ...files]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(MAIL_MESSAGES.attachmentsTooMany);
    expect((await t.db().select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(before);
  });

  it('400 for a multipart body without its request part, with bad JSON in it, or with other parts', async () => {
    const missing = await sendMultipart(t, SEEDED.manager, [
      { name: 'attachments', filename: 'n.txt', contentType: 'text/plain', data: Buffer.from('note\n') },
    ]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MAIL_MESSAGES.requestPartMissing);
    const badJson = await sendMultipart(t, SEEDED.manager, [{ name: 'request', value: '{"officeId":' }]);
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe(MAIL_MESSAGES.requestPartInvalid);
    const stray = await sendMultipart(t, SEEDED.manager, [
      requestPart(email()),
      { name: 'cc', value: 'x@example.com' },
    ]);
    expect(stray.statusCode).toBe(400);
    expect(stray.json().message).toBe(MAIL_MESSAGES.unexpectedPart);
    // A body that says multipart but is not (no boundary, or none of its parts well formed).
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=xyz']) {
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/mail/sendMail',
        headers: { 'content-type': contentType, ...(await t.authFor(SEEDED.manager)) },
        payload: JSON.stringify(email()),
      });
      expect(malformed.statusCode, contentType).toBe(400);
      expect(malformed.json().code).toBe('VALIDATION');
    }
    // The request part meets the same schema as a JSON body.
    const invalid = await sendMultipart(t, SEEDED.manager, [requestPart(email({ to: ['nobody'] }))]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(MAIL_MESSAGES.toInvalid);
  });
});

describe('the outbox', () => {
  it('lists within the caller’s MAIL READ offices, filtered by status and client', async () => {
    const laClient = await refs.clientOf(refs.la.id);
    const lvClient = await refs.clientOf(refs.lv.id);
    const la = await call('POST', '/api/v1/mail/sendMail', SEEDED.admin, email({ clientId: laClient.id }));
    const lv = await call(
      'POST',
      '/api/v1/mail/sendMail',
      SEEDED.admin,
      email({ officeId: refs.lv.id, clientId: lvClient.id }),
    );
    await waitForMail(t, la.json().id);
    await waitForMail(t, lv.json().id);

    const list = async (as: string, filter: object) =>
      mailListResponseSchema.parse(
        (await call('POST', '/api/v1/mail/all', as, { pageNumber: 1, pageSize: 100, filter })).json(),
      );
    const managerLa = await list(SEEDED.manager, { clientId: laClient.id });
    expect(managerLa.items.map((m) => m.id)).toEqual([la.json().id]);
    expect(managerLa.items[0]).toMatchObject({ status: 'SENT', clientName: 'Rosa Méndez', attempts: 1 });
    // Las Vegas is outside the manager's offices: the filter narrows nothing into view.
    expect((await list(SEEDED.manager, { clientId: lvClient.id })).items).toEqual([]);
    expect((await list(SEEDED.admin, { clientId: lvClient.id })).items.map((m) => m.id)).toEqual([lv.json().id]);
    const sent = await list(SEEDED.admin, { status: 'SENT', officeId: refs.lv.id });
    expect(sent.items.every((m) => m.status === 'SENT' && m.officeId === refs.lv.id)).toBe(true);
    const searched = await list(SEEDED.admin, { searchKeyword: 'ROSA.MENDEZ@' });
    expect(searched.totalCount).toBeGreaterThanOrEqual(2);

    expect((await call('POST', '/api/v1/mail/all', null, {})).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/mail/all', SEEDED.attorney, {})).statusCode).toBe(403);
    const bad = await call('POST', '/api/v1/mail/all', SEEDED.manager, { filter: { status: 'LOST' } });
    expect(bad.statusCode).toBe(400);
  });

  it('GET one: 404 for an e-mail of another office, as for one that does not exist', async () => {
    const lv = await call('POST', '/api/v1/mail/sendMail', SEEDED.admin, email({ officeId: refs.lv.id }));
    const other = await call('GET', `/api/v1/mail/${lv.json().id}`, SEEDED.manager);
    const none = await call('GET', '/api/v1/mail/00000000-0000-4000-8000-000000000009', SEEDED.manager);
    expect(other.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(other.json().message).toBe(none.json().message);
    expect((await call('GET', `/api/v1/mail/${lv.json().id}`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/v1/mail/${lv.json().id}`, SEEDED.attorney)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/mail/not-a-uuid', SEEDED.admin)).statusCode).toBe(400);
  });

  it('sends a FAILED e-mail again; 409 for one that did not fail', async () => {
    const [failed] = await t
      .db()
      .insert(mailOutbox)
      .values({
        officeId: refs.la.id,
        toAddresses: ['again@example.com'],
        subject: 'Failed before',
        body: 'Second try',
        status: 'FAILED',
        attempts: 9,
        lastError: '421 Server shutting down',
      })
      .returning();
    expect((await call('POST', `/api/v1/mail/${failed!.id}/retry`, SEEDED.collector)).statusCode).toBe(200);
    const sent = await waitForMail(t, failed!.id);
    expect(sent).toMatchObject({ status: 'SENT', attempts: 10, lastError: null });
    expect(await capturedOf(t, failed!.id)).toHaveLength(1);
    const again = await call('POST', `/api/v1/mail/${failed!.id}/retry`, SEEDED.collector);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MAIL_MESSAGES.notRetryable);
    expect((await call('POST', `/api/v1/mail/${failed!.id}/retry`, SEEDED.operator)).statusCode).toBe(403);
  });

  it('the transport: embedded, running, on a port of 127.0.0.1; only an unconditioned MAIL UPDATE stops it', async () => {
    const status = mailTransportSchema.parse((await call('GET', '/api/v1/mail/transport', SEEDED.manager)).json());
    expect(status).toMatchObject({ mode: 'EMBEDDED', running: true, host: '127.0.0.1' });
    expect(status.port).toBeGreaterThan(0);
    const manager = await call('PUT', '/api/v1/mail/transport', SEEDED.manager, { running: false });
    expect(manager.statusCode).toBe(403);
    expect(manager.json().message).toBe(MAIL_MESSAGES.transportUnconditioned);
    const stopped = await call('PUT', '/api/v1/mail/transport', SEEDED.admin, { running: false });
    expect(stopped.json()).toMatchObject({ running: false, port: status.port });
    const started = await call('PUT', '/api/v1/mail/transport', SEEDED.admin, { running: true });
    expect(started.json()).toMatchObject({ running: true, port: status.port });
    expect((await call('PUT', '/api/v1/mail/transport', SEEDED.admin, { running: 'no' })).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/mail/transport', null)).statusCode).toBe(401);
  });
});
