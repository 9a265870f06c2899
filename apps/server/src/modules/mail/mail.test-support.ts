import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MailDetail, MailStatus } from '@casedesk/contract/mail/mail';
import { mailDetailSchema } from '@casedesk/contract/mail/mail';
import { eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../../../test/support/test-app.ts';
import { SEEDED } from '../../../test/support/test-app.ts';
import { clients } from '../clients/clients.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { mailCaptured } from './mail.tables.ts';

/** Offices and a client of each the mail tests write for (the seeded manager reaches Los Angeles and San Diego). */
export async function mailRefs(t: TestApp) {
  const db = t.db();
  const officeRows = await db.select().from(offices);
  const office = (name: string) => officeRows.find((o) => o.name === name)!;
  const clientOf = async (officeId: string, values: Partial<typeof clients.$inferInsert> = {}) => {
    const [row] = await db
      .insert(clients)
      .values({
        firstName: 'Rosa',
        lastName: 'Méndez',
        email: `rosa.${randomBytes(4).toString('hex')}@example.com`,
        streetAddress: '1234 W Camelback Rd Apt 5',
        city: 'Phoenix',
        state: 'AZ',
        zipCode: '85015',
        officeId,
        ...values,
      })
      .returning();
    return row!;
  };
  return { la: office('Los Angeles'), sd: office('San Diego'), lv: office('Las Vegas'), clientOf };
}

export type MailRefs = Awaited<ReturnType<typeof mailRefs>>;

export type Part =
  | { name: string; value: string; contentType?: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----casedesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"`
        : `form-data; name="${part.name}"`;
    const type = 'filename' in part ? part.contentType : part.contentType;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The "request" part of a multipart sendMail. */
export const requestPart = (request: object): Part => ({
  name: 'request',
  value: JSON.stringify(request),
  contentType: 'application/json',
});

/** POST /mail/sendMail as multipart, as a seeded user. */
export async function sendMultipart(t: TestApp, as: string, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/mail/sendMail',
    headers: { ...headers, ...(await t.authFor(as)) },
    payload,
  });
}

/** Reads the e-mail until its status is one of `statuses` (the job runs in the background). */
export async function waitForMail(
  t: TestApp,
  id: string,
  statuses: MailStatus[] = ['SENT'],
  timeoutMs = 30_000,
): Promise<MailDetail> {
  const started = Date.now();
  for (;;) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mail/${id}`,
      headers: await t.authFor(SEEDED.admin),
    });
    const mail = mailDetailSchema.parse(res.json());
    if (statuses.includes(mail.status)) return mail;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`e-mail ${id} still ${mail.status} after ${timeoutMs} ms (${mail.lastError ?? 'no error'})`);
    }
    await sleep(100);
  }
}

/** How many copies of each e-mail the embedded SMTP server received, by outbox id. */
export async function capturedCounts(t: TestApp, mailIds: string[]): Promise<Map<string, number>> {
  const rows = await t
    .db()
    .select({ mailId: mailCaptured.mailId })
    .from(mailCaptured)
    .where(inArray(mailCaptured.mailId, mailIds));
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.mailId!, (counts.get(row.mailId!) ?? 0) + 1);
  return counts;
}

export async function capturedOf(t: TestApp, mailId: string) {
  return t.db().select().from(mailCaptured).where(eq(mailCaptured.mailId, mailId));
}

/** A small real PDF (what pdfkit writes begins with the same header). */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
