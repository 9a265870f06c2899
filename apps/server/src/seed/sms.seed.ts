import type { Faker } from '@faker-js/faker';
import { eq, sql } from 'drizzle-orm';
import { offices } from '../modules/offices/offices.tables.ts';
import { cannedTexts } from '../modules/sms/sms.tables.ts';
import { templates } from '../modules/templates/templates.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import type { Db } from '../platform/db/database.ts';

type NewTemplate = typeof templates.$inferInsert;

/**
 * SPEC §2 chat options send these four (by purpose); the others are what template mode offers (SPEC §5). The
 * collection texts (`collections`) carry an opt-out line, as collection management requires of them
 * (Regulation F §1006.6(e), docs/correspondence-templates.md).
 * @officeName, @officeAddress, @officePhone, @reviewLink and @appointmentLink (the signed link of the
 * client's appointment) are filled by the chat options themselves.
 */
export const SEED_TEMPLATES: NewTemplate[] = [
  {
    name: 'Review request (mail)',
    templateType: 'EMAIL',
    purpose: 'REVIEW_MAIL',
    content:
      'Dear @clientFirstName @clientLastName,\n\nThank you for trusting @officeName with your case. ' +
      'If we served you well, would you take a minute to leave us a review? @reviewLink\n\nKind regards,\n@officeName',
  },
  {
    name: 'Review request (text)',
    templateType: 'TEXT',
    purpose: 'REVIEW_TEXT',
    content:
      'Hi @clientFirstName, thank you for choosing @officeName. A short review helps others find us: @reviewLink',
  },
  {
    name: 'Welcome text',
    templateType: 'TEXT',
    purpose: 'WELCOME_TEXT',
    content:
      'Welcome @clientFirstName! This is @officeName. Save this number: you can text us here any time. Reply STOP to opt out.',
  },
  {
    name: 'Meeting instructions',
    templateType: 'TEXT',
    purpose: 'MEETING_INSTRUCTIONS',
    content:
      'Hi @clientFirstName, your meeting is at @officeName, @officeAddress. Please bring a photo ID and any ' +
      'documents about your case. Time, attorney and Zoom link: @appointmentLink Questions? Call @officePhone.',
  },
  {
    // The payment plans' reminder job sends this one (collections/plan-reminders.service.ts).
    name: 'Payment reminder',
    templateType: 'TEXT',
    purpose: 'PAYMENT_REMINDER',
    collections: true,
    content:
      'Hi @clientFirstName, a reminder that your payment of @payment is due on @dueDate. ' +
      'Remaining balance: @balance. Questions? Reply here. - @collectorName. Reply STOP to opt out.',
  },
  {
    name: 'Balance notice',
    templateType: 'TEXT',
    collections: true,
    content:
      'Hi @clientFirstName @clientLastName, your account balance is @balance. Please call us to set up a plan. ' +
      'Reply STOP to opt out.',
  },
  {
    name: 'Missed payment',
    templateType: 'TEXT',
    collections: true,
    content:
      'Hi @clientFirstName, we did not receive your payment of @payment due @dueDate. Please contact @collectorName. ' +
      'Reply STOP to opt out.',
  },
  {
    name: 'Document request',
    templateType: 'TEXT',
    content: 'Hi @clientFirstName, to move your case forward we need a copy of your documents. Reply with a photo.',
  },
  {
    name: 'Appointment reminder',
    templateType: 'TEXT',
    content: 'Hi @clientFirstName, a reminder of your appointment with us tomorrow. Reply YES to confirm.',
  },
  {
    name: 'Case update letter',
    templateType: 'LETTER',
    content: 'Dear @clientFirstName @clientLastName,\n\nWe are writing to update you on the status of your case.',
  },
];

const OFFICE_CANNED = [
  'Thank you for your message. An attorney will call you back today.',
  'Our office hours are Monday to Friday, 8 am to 6 pm.',
  'Please bring a photo ID and your documents to your appointment.',
];
const OWN_CANNED = ['I will call you in 10 minutes.', 'Got it, thank you! I have added this to your file.'];

/**
 * Templates, canned texts per office and per user, and realistic state on the demo texts written by
 * seedInquiries: each belongs to its client's office and uses that office's SMS number; outbound ones
 * are delivered (a few failed or undelivered) and filed under a category and reason; inbound ones received.
 */
export async function seedSms(db: Db, faker: Faker): Promise<void> {
  await db.insert(templates).values(SEED_TEMPLATES);
  const officeRows = await db.select({ id: offices.id }).from(offices);
  await db
    .insert(cannedTexts)
    .values(officeRows.flatMap((o) => OFFICE_CANNED.map((message) => ({ message, officeId: o.id }))));
  const staff = await db
    .select({ id: users.id, officeId: users.officeId })
    .from(users)
    .where(eq(users.accountEnabled, true));
  await db
    .insert(cannedTexts)
    .values(
      staff.flatMap((u) =>
        faker.helpers
          .arrayElements(OWN_CANNED, { min: 1, max: 2 })
          .map((message) => ({ message, officeId: u.officeId, userId: u.id })),
      ),
    );
  await settleDemoTexts(db);
}

/** One statement per concern over the demo texts (set-based, so it stays quick for large seeds). */
async function settleDemoTexts(db: Db): Promise<void> {
  await db.execute(sql`
    update sms_messages m set
      office_id = o.id,
      from_number = case when m.direction = 'OUTBOUND' then o.sms_number else m.from_number end,
      to_number = case when m.direction = 'INBOUND' then o.sms_number else m.to_number end,
      status = case when m.direction = 'INBOUND' then 'received' else 'delivered' end,
      provider_message_sid = 'SM' || md5(m.id::text),
      operator_id = case when m.direction = 'OUTBOUND'
        then (select i.lead_owner_id from inquiries i where i.id = m.inquiry_id) end
    from clients c
    join offices o on o.id = c.office_id
    where c.id = m.client_id and m.office_id is null`);
  // Outbound texts are filed under a call-centre or office category; half the replies are filed too.
  await db.execute(sql`
    with cats as (select array_agg(id order by sort_order) ids from dropdown_options
                   where dropdown_type = 'SMS_CATEGORY' and group_type in ('CALL_CENTER', 'OFFICE')),
         reasons as (select array_agg(id order by sort_order) ids from dropdown_options where dropdown_type = 'SMS_REASON')
    update sms_messages m set
      category_id = cats.ids[1 + abs(hashtext(m.id::text)) % array_length(cats.ids, 1)],
      reason_id = reasons.ids[1 + abs(hashtext(m.id::text || 'r')) % array_length(reasons.ids, 1)]
    from cats, reasons
    where m.category_id is null and (m.direction = 'OUTBOUND' or abs(hashtext(m.id::text)) % 2 = 0)`);
  // A few texts the carrier refused (Twilio 30003 unreachable, 30006 landline), for the retry path.
  await db.execute(sql`
    update sms_messages set status = case when n % 3 = 0 then 'undelivered' else 'failed' end,
      error_code = case when n % 3 = 0 then '30003' else '30006' end
    from (select id, row_number() over (order by created_date desc) n from sms_messages
           where direction = 'OUTBOUND' order by created_date desc limit 3) f
    where sms_messages.id = f.id`);
}
