import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessToken, signIn, USERS } from './support/session.ts';
import { NARROW, setWidth, WIDE } from './support/shell.ts';

// Drafts with four-eyes approval, in two signed-in sessions: the collector writes a letter from the "Case update
// letter" template about an account of theirs, the admin (MAIL UPDATE everywhere, not a writer) approves it, the
// collector prints it and gets the PDF; then an e-mail draft with a PNG attached, approved by the admin and sent
// by the collector, is in the Mail outbox and on the account's timeline. The client and account are the test's
// own, named uniquely, so every row read is one this run made.

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

/** A 1×1 PNG: the server judges an attachment's type by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function api<T>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The same thing at 1280 px and 800 px, for people to look at (e2e/screenshots/, git-ignored). */
async function shoot(page: Page, target: Locator, name: string): Promise<void> {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await target.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await target.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await setWidth(page, WIDE);
}

const drafts = (page: Page) => page.getByTestId('account-drafts');
const dialog = (page: Page) => page.getByRole('dialog');

async function openAccount(page: Page, accountId: string): Promise<void> {
  await page.goto(`/collections/account-detail/${accountId}`);
  await expect(drafts(page)).toBeVisible();
}

async function openDraft(page: Page, subject: string): Promise<void> {
  await drafts(page).getByRole('row').filter({ hasText: subject }).click();
  await expect(dialog(page).getByTestId('draft-detail')).toBeVisible();
}

async function approveAs(page: Page, name: string, accountId: string, subject: string): Promise<void> {
  await openAccount(page, accountId);
  await openDraft(page, subject);
  await dialog(page).getByRole('button', { name: 'Approve' }).click();
  await expect(dialog(page).getByTestId('draft-approval')).toContainText(`Approved by ${name}`);
  await expect(dialog(page).getByTestId('draft-approval').locator('code')).toHaveText(/^[0-9a-f]{12}$/);
  await expect(drafts(page).getByRole('row').filter({ hasText: subject })).toContainText('Approved');
}

test('a collector drafts a letter and an e-mail, the admin approves them, they are printed and sent', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signIn(page, USERS.collector, '/dashboard');
    await signIn(admin, USERS.admin, '/dashboard');
    const collector = await api<{ id: string; officeId: string }>(page, 'GET', '/api/v1/user');
    const approver = await api<{ displayName: string }>(admin, 'GET', '/api/v1/user');
    const tag = Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d)));
    const lastName = `Drafter${tag}`;
    const client = await api<{ id: string }>(admin, 'POST', '/api/v1/client', {
      firstName: 'Lucia',
      lastName,
      email: `lucia.${tag}@example.com`,
      address: '12 Elm Street',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      officeId: collector.officeId,
    });
    const account = await api<{ id: string }>(admin, 'POST', '/api/v1/collectionAccount', {
      officeId: collector.officeId,
      clientId: client.id,
      originalCents: 90_000,
      collectorId: collector.id,
      note: 'Fees for the closed matter.',
    });

    // 1. The collector writes a letter from the template, leaving its text for the server to fill.
    const letterSubject = `Case update ${tag}`;
    await openAccount(page, account.id);
    await expect(drafts(page)).toContainText('No drafts about this account');
    // The page lays its panels out again across its breakpoint (a modal open there closes), so the form is
    // opened at each width for its screenshot, and saved at the wide one.
    const form = dialog(page).getByRole('form', { name: 'New draft' });
    for (const width of [NARROW, WIDE]) {
      await setWidth(page, width);
      await drafts(page).getByRole('button', { name: 'New draft' }).click();
      await form.getByRole('combobox', { name: 'Template' }).click();
      await page.getByRole('option', { name: 'Case update letter' }).click();
      await form.getByRole('textbox', { name: 'Subject' }).fill(letterSubject);
      await page.waitForTimeout(300);
      await dialog(page).screenshot({ path: path.join(dir, `draft-form-${width}.png`) });
    }
    await form.getByRole('button', { name: 'Save draft' }).click();
    const detail = dialog(page).getByTestId('draft-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('draft-body')).toContainText(lastName);
    // Their own draft: no Approve for its writer.
    await expect(detail.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drafts(page).getByRole('row').filter({ hasText: letterSubject })).toContainText('Draft');

    // 2. The admin approves it; the approval shows who and the hash.
    await approveAs(admin, approver.displayName, account.id, letterSubject);

    // 3. The collector prints it and gets the letter's PDF.
    await openAccount(page, account.id);
    await openDraft(page, letterSubject);
    await detail.getByRole('button', { name: 'Print' }).click();
    await expect(detail).toContainText('Printed by');
    const pdf = page.waitForResponse((r) => /\/api\/v1\/mail\/letter\/[^/]+\/file$/.test(new URL(r.url()).pathname));
    const download = page.waitForEvent('download');
    await detail.getByRole('button', { name: 'Download letter PDF' }).click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    // The saved file is the PDF the server printed (the response's body went to the app, so read the file).
    const saved = await (await download).path();
    expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.keyboard.press('Escape');
    await expect(drafts(page).getByRole('row').filter({ hasText: letterSubject })).toContainText('Printed');

    // 4. An e-mail draft with a PNG attached.
    const mailSubject = `Your statement ${tag}`;
    await drafts(page).getByRole('button', { name: 'New draft' }).click();
    await form.getByText('E-mail', { exact: true }).click();
    await expect(form.getByRole('textbox', { name: 'Subject' })).toBeVisible();
    await form.getByRole('textbox', { name: 'Subject' }).fill(mailSubject);
    await form.getByRole('textbox', { name: 'Message' }).fill('Dear Lucia,\n\nYour statement is attached.');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(detail.getByRole('button', { name: /^statement\.png/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await shoot(page, drafts(page), 'drafts-panel');

    // 5. The admin approves it, the collector sends it.
    await approveAs(admin, approver.displayName, account.id, mailSubject);
    await openAccount(page, account.id);
    await openDraft(page, mailSubject);
    await detail.getByRole('button', { name: 'Send' }).click();
    await expect(detail).toContainText('Sent by');
    await page.keyboard.press('Escape');
    await expect(drafts(page).getByRole('row').filter({ hasText: mailSubject })).toContainText('Sent');

    // 6. The account's timeline has the approvals, the letter and the e-mail.
    const timeline = page.getByTestId('account-timeline');
    await expect(timeline.getByTestId('timeline-item').filter({ hasText: `E-mail: ${mailSubject}` })).toHaveCount(1);
    await expect(timeline.getByTestId('timeline-item').filter({ hasText: `Letter: ${letterSubject}` })).toHaveCount(1);

    // 7. The Mail outbox has the e-mail.
    await page.goto('/communication/mail');
    await expect(page.getByRole('row').filter({ hasText: mailSubject })).toHaveCount(1);
  } finally {
    await adminContext.close();
  }
});
