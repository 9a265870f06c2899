import type { Faker } from '@faker-js/faker';
import { messageIdOf } from '@casedesk/contract/mail/mail';
import { and, asc, isNotNull, sql } from 'drizzle-orm';
import { clients } from '../modules/clients/clients.tables.ts';
import { mailCaptured, mailOutbox } from '../modules/mail/mail.tables.ts';
import { offices } from '../modules/offices/offices.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import type { Db } from '../platform/db/database.ts';

const FROM = 'Casedesk <no-reply@casedesk.local>';
const DOMAIN = 'casedesk.local';

const MESSAGES = [
  {
    subject: 'Your consultation is confirmed',
    body: (name: string, office: string) =>
      `Dear ${name},\n\nThis confirms your consultation at our ${office} office. Please bring a photo ID and any ` +
      `letters you received about your case.\n\nKind regards,\n${office} office`,
  },
  {
    subject: 'Documents we still need',
    body: (name: string, office: string) =>
      `Dear ${name},\n\nTo move your case forward we still need a copy of the police report and your medical ` +
      `bills. You can reply to this e-mail with them attached.\n\nThank you,\n${office} office`,
  },
  {
    subject: 'Your case status',
    body: (name: string, office: string) =>
      `Dear ${name},\n\nYour attorney has reviewed your file and will call you this week to discuss next steps.\n\n` +
      `Sincerely,\n${office} office`,
  },
];

/**
 * A few e-mails in the outbox for the demo (docs/modules.md, mail): sent ones, each with the copy the embedded
 * SMTP server received, and one the recipient's server refused. None has attachments (their bytes live in the
 * file storage, which the seed does not write); send one from the Mail outbox page to see them.
 */
export async function seedMail(db: Db, faker: Faker): Promise<void> {
  const [sender] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.mail} = 'manager@casedesk.local'`);
  const officeRows = await db.select({ id: offices.id, name: offices.name }).from(offices).orderBy(asc(offices.name));
  const recipients = await db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      officeId: clients.officeId,
    })
    .from(clients)
    .where(and(isNotNull(clients.email), isNotNull(clients.officeId)))
    .orderBy(asc(clients.createdAt), asc(clients.id))
    .limit(5);
  const now = Date.now();
  for (const [i, client] of recipients.entries()) {
    const office = officeRows.find((o) => o.id === client.officeId)!;
    const message = MESSAGES[i % MESSAGES.length]!;
    const name = `${client.firstName} ${client.lastName}`;
    const createdAt = new Date(now - (5 - i) * 86_400_000 - faker.number.int({ min: 0, max: 36_000 }) * 1000);
    const failed = i === recipients.length - 1;
    const [row] = await db
      .insert(mailOutbox)
      .values({
        officeId: office.id,
        toAddresses: [client.email!],
        subject: message.subject,
        body: message.body(name, office.name),
        clientId: client.id,
        createdById: sender?.id ?? null,
        status: failed ? 'FAILED' : 'SENT',
        attempts: 1,
        lastError: failed ? `550 5.1.1 <${client.email}>: Recipient address rejected: User unknown` : null,
        smtpResponse: failed ? null : '250 OK: message queued',
        sentAt: failed ? null : new Date(createdAt.getTime() + 2_000),
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    if (failed) continue;
    const messageId = messageIdOf(row!.id, DOMAIN);
    const headers: [string, string][] = [
      ['from', `From: ${FROM}`],
      ['to', `To: ${client.email}`],
      ['subject', `Subject: ${message.subject}`],
      ['message-id', `Message-ID: ${messageId}`],
      ['date', `Date: ${new Date(createdAt.getTime() + 2_000).toUTCString()}`],
      ['mime-version', 'MIME-Version: 1.0'],
      ['content-type', 'Content-Type: text/plain; charset=utf-8'],
    ];
    await db.insert(mailCaptured).values({
      messageId,
      mailId: row!.id,
      envelopeFrom: 'no-reply@casedesk.local',
      envelopeTo: [client.email!],
      fromHeader: FROM,
      toHeader: client.email,
      subject: message.subject,
      text: row!.body,
      headers,
      size: row!.body.length + 400,
      receivedAt: new Date(createdAt.getTime() + 2_000),
    });
  }
}
