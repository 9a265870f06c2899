import { fillTemplate } from '@casedesk/contract/sms/template-fill';
import { and, asc, eq } from 'drizzle-orm';
import { clients } from '../modules/clients/clients.tables.ts';
import { collectionAccounts } from '../modules/collections/collections.tables.ts';
import { mailDrafts } from '../modules/mail/draft.tables.ts';
import { templates } from '../modules/templates/templates.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import type { Db } from '../platform/db/database.ts';

export const DEMO_DRAFT_SUBJECT = 'An update on your account';

/**
 * One letter draft waiting for approval (docs/correspondence-drafts.md): written by the seeded collector from the
 * "Case update letter" template, about an account assigned to them in their own office (their MAIL reaches it),
 * so the manager of that office can approve it and print it. Idempotent: nothing is added when the account
 * already has a draft.
 */
export async function seedDrafts(db: Db): Promise<void> {
  const [collector] = await db
    .select({ id: users.id, officeId: users.officeId })
    .from(users)
    .where(eq(users.mail, 'collector@casedesk.local'));
  if (!collector?.officeId) return;
  const [account] = await db
    .select({
      id: collectionAccounts.id,
      officeId: collectionAccounts.officeId,
      clientId: collectionAccounts.clientId,
      firstName: clients.firstName,
      lastName: clients.lastName,
    })
    .from(collectionAccounts)
    .innerJoin(clients, eq(clients.id, collectionAccounts.clientId))
    .where(and(eq(collectionAccounts.collectorId, collector.id), eq(collectionAccounts.officeId, collector.officeId)))
    .orderBy(asc(collectionAccounts.accountNumber))
    .limit(1);
  if (!account) return;
  const [existing] = await db
    .select({ id: mailDrafts.id })
    .from(mailDrafts)
    .where(eq(mailDrafts.collectionAccountId, account.id))
    .limit(1);
  if (existing) return;
  const [template] = await db.select().from(templates).where(eq(templates.name, 'Case update letter'));
  const names = { clientFirstName: account.firstName, clientLastName: account.lastName };
  const body = template
    ? `${fillTemplate(template.content, names)}\n\nPlease call us to discuss your account.\n\nSincerely,\nCollections`
    : `Dear ${account.firstName} ${account.lastName},\n\nPlease call us to discuss your account.`;
  await db.insert(mailDrafts).values({
    kind: 'LETTER',
    officeId: account.officeId,
    clientId: account.clientId,
    collectionAccountId: account.id,
    templateId: template?.id ?? null,
    toAddresses: [],
    subject: DEMO_DRAFT_SUBJECT,
    body,
    createdById: collector.id,
    writerIds: [collector.id],
  });
}
