import { CHAT_OPTION_MESSAGES, chatOptionResponseSchema } from '@casedesk/contract/sms/chat-option';
import { cannedTextListSchema, cannedTextSchema } from '@casedesk/contract/sms/canned-text';
import { SMS_MESSAGES } from '@casedesk/contract/sms/sms';
import { TEMPLATE_MESSAGES, templateListSchema } from '@casedesk/contract/templates/template';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { APPOINTMENT_LINK_MESSAGES } from '@casedesk/contract/appointments/appointment-link';
import { appointments } from '../appointments/appointments.tables.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { mailOutbox } from '../mail/mail.tables.ts';
import { REVIEW_LINK } from './chat-options.service.ts';
import { smsOptOuts } from './sms.tables.ts';
import type { SmsRefs } from './sms.test-support.ts';
import { freshNumber, injector, SEEDED, smsRefs, waitForProviderSid } from './sms.test-support.ts';

let t: TestApp;
let refs: SmsRefs;
let call: ReturnType<typeof injector>;
beforeAll(async () => {
  t = await createTestApp();
  refs = await smsRefs(t);
  call = injector(t);
});
afterAll(async () => t?.close());

/** A client of Los Angeles with a fresh mobile number, an email and auto-text on. */
async function laClient(values: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await t
    .db()
    .insert(clients)
    .values({
      firstName: 'Ana',
      lastName: 'Ruiz',
      mobileNumber: freshNumber(),
      email: 'ana.ruiz@example.com',
      officeId: refs.la.id,
      ...values,
    })
    .returning();
  return row!;
}

/** A future appointment of the client in Los Angeles: the meeting instructions link to it (@appointmentLink). */
async function giveAppointment(clientId: string) {
  const [attorney] = await t.db().select().from(attorneys).where(eq(attorneys.officeId, refs.la.id)).limit(1);
  await t
    .db()
    .insert(appointments)
    .values({
      clientId,
      attorneyId: attorney!.id,
      officeId: refs.la.id,
      appointmentDateTime: new Date(Date.now() + 7 * 86_400_000),
    });
}

const chat = (as: string | null, body: unknown) => call('POST', '/api/v1/sms/chatOption', as, body);

describe('POST /api/v1/sms/chatOption (SPEC §2 chat options)', () => {
  it('401, 403 and 400 for an unknown option', async () => {
    const client = await laClient();
    expect((await chat(null, { option: 'SEND_REVIEW', clientId: client.id })).statusCode).toBe(401);
    expect((await chat(SEEDED.attorney, { option: 'SEND_REVIEW', clientId: client.id })).statusCode).toBe(403);
    const bad = await chat(SEEDED.operator, { option: 'SEND_FAX', clientId: client.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CHAT_OPTION_MESSAGES.option);
  });

  it('Send Review puts the filled review mail in the outbox; 422 without an email', async () => {
    const client = await laClient();
    const res = await chat(SEEDED.operator, { option: 'SEND_REVIEW', clientId: client.id });
    expect(res.statusCode).toBe(200);
    const sent = chatOptionResponseSchema.parse(res.json());
    expect(sent).toMatchObject({ channel: 'MAIL', message: null });
    const [mail] = await t.db().select().from(mailOutbox).where(eq(mailOutbox.id, sent.mailId!));
    expect(mail).toMatchObject({ toAddresses: ['ana.ruiz@example.com'], officeId: refs.la.id, clientId: client.id });
    expect(mail!.body).toContain('Dear Ana Ruiz');
    expect(mail!.body).toContain(REVIEW_LINK);
    expect(mail!.body).not.toMatch(/@\w/);
    // It goes out through the outbox's own job, like any e-mail: sent over SMTP to the embedded server.
    await expect
      .poll(async () => (await t.db().select().from(mailOutbox).where(eq(mailOutbox.id, sent.mailId!)))[0]!.status, {
        timeout: 30_000,
      })
      .toBe('SENT');

    const noEmail = await laClient({ email: null });
    const refused = await chat(SEEDED.operator, { option: 'SEND_REVIEW', clientId: noEmail.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(CHAT_OPTION_MESSAGES.noEmail);
  });

  it('an inquiry outside the caller’s LEADS READ, or of another client, is not found, whatever the channel', async () => {
    const client = await laClient();
    const inquiryOf = async (clientId: string, officeId: string) =>
      (await t.db().insert(inquiries).values({ clientId, officeId }).returning())[0]!.id;
    const lvInquiry = await inquiryOf(client.id, refs.lv.id);
    const othersInquiry = await inquiryOf((await laClient()).id, refs.la.id);
    for (const option of ['SEND_REVIEW', 'SEND_REVIEW_TEXT']) {
      for (const inquiryId of [lvInquiry, othersInquiry]) {
        const res = await chat(SEEDED.manager, { option, clientId: client.id, inquiryId });
        expect(res.statusCode, option).toBe(404);
        expect(res.json().fieldErrors).toEqual({ inquiryId: SMS_MESSAGES.inquiryUnknown });
      }
    }
    const own = await inquiryOf(client.id, refs.la.id);
    expect(
      (await chat(SEEDED.manager, { option: 'SEND_REVIEW', clientId: client.id, inquiryId: own })).statusCode,
    ).toBe(200);
  });

  it('the text options send their template from the client’s office and appear in the history', async () => {
    const client = await laClient();
    await giveAppointment(client.id);
    for (const option of ['SEND_REVIEW_TEXT', 'SEND_WELCOME_TEXT', 'SEND_MEETING_INSTRUCTIONS']) {
      const res = await chat(SEEDED.operator, { option, clientId: client.id });
      expect(res.statusCode, option).toBe(200);
      const { message } = chatOptionResponseSchema.parse(res.json());
      expect(message).toMatchObject({
        fromNumber: refs.la.smsNumber,
        toNumber: client.mobileNumber,
        clientId: client.id,
        status: 'queued',
        category: { dropdownType: 'SMS_CATEGORY' },
      });
      expect(message!.body).toContain('Ana');
      expect(message!.body).not.toMatch(/@\w/);
      await waitForProviderSid(t, message!.id);
    }
    const history = await call(
      'POST',
      `/api/v1/sms/byPhoneNumber?phoneNumber=${client.mobileNumber}`,
      SEEDED.operator,
      {},
    );
    expect(history.json().totalCount).toBe(3);
    const meeting = history.json().items[0].body as string;
    expect(meeting).toContain('350 S Grand Ave, Los Angeles, CA 90071');
    expect(meeting).toContain('http://localhost:3000/appt-detail?token=');
  });

  it('meeting instructions are not sent without an appointment to link to', async () => {
    const client = await laClient();
    const refused = await chat(SEEDED.operator, { option: 'SEND_MEETING_INSTRUCTIONS', clientId: client.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(APPOINTMENT_LINK_MESSAGES.noAppointment);
  });

  it('refuses the welcome text when auto-text is off, and any text to an opted-out number', async () => {
    const quiet = await laClient({ autoText: false });
    const refused = await chat(SEEDED.operator, { option: 'SEND_WELCOME_TEXT', clientId: quiet.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Client has auto-text disabled. Please enable to modify');

    const stopped = await laClient();
    await t.db().insert(smsOptOuts).values({ phoneNumber: stopped.mobileNumber!, optedOut: true });
    const optedOut = await chat(SEEDED.operator, { option: 'SEND_REVIEW_TEXT', clientId: stopped.id });
    expect(optedOut.statusCode).toBe(422);
    expect(optedOut.json().message).toBe(SMS_MESSAGES.optedOut);
  });

  it('a manager texts from an office they may use, and never from one outside their condition', async () => {
    const client = await laClient({ officeId: refs.lv.id });
    const res = await chat(SEEDED.manager, { option: 'SEND_REVIEW_TEXT', clientId: client.id });
    // The manager reads any client (CLIENT_PROFILE has no office condition) but texts only from their offices.
    expect(res.statusCode).toBe(200);
    expect(res.json().message.fromNumber).toBe(refs.la.smsNumber);
    const forced = await chat(SEEDED.manager, {
      option: 'SEND_REVIEW_TEXT',
      clientId: client.id,
      fromNumber: refs.lv.smsNumber,
    });
    expect(forced.statusCode).toBe(403);
  });
});

describe('canned responses', () => {
  const get = (as: string | null, query = '') => call('GET', `/api/v1/sms/cannedResponses${query}`, as);
  const post = (as: string | null, body: unknown) => call('POST', '/api/v1/sms/cannedResponses', as, body);
  const put = (as: string | null, id: string, body: unknown) =>
    call('PUT', `/api/v1/sms/cannedResponses?id=${id}`, as, body);

  it('401 and 403', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(SEEDED.attorney)).statusCode).toBe(403);
    expect((await post(SEEDED.attorney, { message: 'x' })).statusCode).toBe(403);
  });

  it('lists the user’s own texts plus their office’s', async () => {
    const operatorId = refs.userId(SEEDED.operator);
    const list = cannedTextListSchema.parse((await get(SEEDED.operator)).json());
    expect(list.some((c) => c.userId === operatorId)).toBe(true);
    expect(list.some((c) => c.userId === null && c.officeId === refs.callCenter.id)).toBe(true);
    expect(list.every((c) => c.userId === operatorId || c.officeId === refs.callCenter.id)).toBe(true);
    const la = cannedTextListSchema.parse((await get(SEEDED.manager, `?officeId=${refs.la.id}`)).json());
    expect(la.some((c) => c.userId === null && c.officeId === refs.la.id)).toBe(true);
    expect((await get(SEEDED.manager, `?officeId=${refs.lv.id}`)).statusCode).toBe(403);
    expect((await get(SEEDED.manager, `?userId=${operatorId}`)).statusCode).toBe(403);
  });

  it('400 with the message rules; creates own and office texts; only own or office ones change', async () => {
    const empty = await post(SEEDED.manager, { message: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ message: 'Message is required field' });
    const long = await post(SEEDED.manager, { message: 'y'.repeat(1601) });
    expect(long.json().fieldErrors).toEqual({ message: 'Message should be max 1600 characters' });

    const managerId = refs.userId(SEEDED.manager);
    const own = cannedTextSchema.parse(
      (await post(SEEDED.manager, { message: 'Call me back', userId: managerId })).json(),
    );
    expect(own).toMatchObject({ userId: managerId, message: 'Call me back' });
    const shared = cannedTextSchema.parse(
      (await post(SEEDED.manager, { message: 'Office closes at 5', officeId: refs.sd.id })).json(),
    );
    expect(shared).toMatchObject({ userId: null, officeId: refs.sd.id });
    expect((await post(SEEDED.manager, { message: 'No', officeId: refs.lv.id })).statusCode).toBe(403);

    const changed = await put(SEEDED.manager, shared.id, { id: shared.id, message: 'Office closes at 6' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Office closes at 6');
    expect((await put(SEEDED.manager, '00000000-0000-4000-8000-000000000000', { message: 'x' })).statusCode).toBe(404);
    expect((await put(SEEDED.manager, own.id, { message: '' })).json().message).toBe('Message is required field');
  });

  it('another user’s own canned text, and one of an office outside the caller’s SMS scope, are not found', async () => {
    const managerId = refs.userId(SEEDED.manager);
    const own = cannedTextSchema.parse((await post(SEEDED.manager, { message: 'Mine', userId: managerId })).json());
    const notMine = await put(SEEDED.operator, own.id, { message: 'Hijack' });
    expect(notMine.statusCode).toBe(404);
    const lv = cannedTextSchema.parse((await post(SEEDED.admin, { message: 'LV only', officeId: refs.lv.id })).json());
    expect((await put(SEEDED.manager, lv.id, { message: 'Hijack' })).statusCode).toBe(404);
  });
});

describe('templates', () => {
  it('401; list, by type (upper case), placeholders and types', async () => {
    expect((await call('GET', '/api/v1/template/all', null)).statusCode).toBe(401);
    const all = templateListSchema.parse((await call('GET', '/api/v1/template/all', SEEDED.attorney)).json());
    expect(
      all
        .map((x) => x.purpose)
        .filter(Boolean)
        .sort(),
    ).toEqual(['MEETING_INSTRUCTIONS', 'PAYMENT_REMINDER', 'REVIEW_MAIL', 'REVIEW_TEXT', 'WELCOME_TEXT']);
    const text = templateListSchema.parse(
      (await call('GET', '/api/v1/template/byTemplateType?templateType=TEXT', SEEDED.operator)).json(),
    );
    expect(text.length).toBeGreaterThan(4);
    expect(text.every((x) => x.templateType === 'TEXT' && x.label === x.name)).toBe(true);
    expect(text.some((x) => x.content.includes('@payment') && x.content.includes('@dueDate'))).toBe(true);
    const lower = await call('GET', '/api/v1/template/byTemplateType?templateType=text', SEEDED.operator);
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toBe(TEMPLATE_MESSAGES.templateType);
    expect((await call('GET', '/api/v1/template/placeHolders', SEEDED.operator)).json()).toEqual([
      '@clientFirstName',
      '@clientLastName',
      '@balance',
      '@collectorName',
      '@payment',
      '@dueDate',
      '@officeName',
      '@officeAddress',
      '@officePhone',
      '@reviewLink',
      '@appointmentLink',
    ]);
    expect((await call('GET', '/api/v1/template/templateTypes', SEEDED.operator)).json()).toEqual([
      'TEXT',
      'EMAIL',
      'LETTER',
    ]);
  });
});
