import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';

/** SPEC §2 calls headers, in order. */
const CALL_HEADERS = [
  'title',
  'caller id',
  'call resolution',
  'op name',
  'talk seconds',
  'number dialed',
  'point to',
  'time',
  'law type',
  'duplicate',
];

const bellCount = async (page: Page) => Number(await page.getByTestId('notification-count').getAttribute('data-count'));

test('an inbound call reaches the operator live and shows as ongoing in the calls list', async ({ browser }) => {
  const operatorContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  const admin = await adminContext.newPage();
  try {
    await signIn(operator, USERS.operator, '/communication/calls');
    const table = operator.getByRole('table', { name: 'Calls' });
    await expect(table).toBeVisible();
    const headers = await table.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim().toLowerCase()).filter(Boolean)).toEqual(CALL_HEADERS);
    const before = await bellCount(operator);

    // The phone simulator posts a signed call to the same webhook the provider uses.
    await signIn(admin, USERS.admin, '/tools/phone-simulator');
    const callForm = admin.getByRole('form', { name: 'Inbound call' });
    await callForm.getByLabel('From (caller)').pressSequentially('3105550199');
    await callForm.getByLabel('To (dialed number, DNIS)').pressSequentially('8885550403');
    await callForm.getByRole('button', { name: 'Place inbound call' }).click();
    await expect(admin.getByText(/was posted to the voice webhook/)).toBeVisible();

    // No reload: the socket tells the operator's bell.
    await expect.poll(() => bellCount(operator), { timeout: 10_000 }).toBeGreaterThan(before);
    await operator.reload();
    const row = operator.getByRole('table', { name: 'Calls' }).getByRole('row').filter({ hasText: '(310) 555-0199' });
    await expect(row.first()).toBeVisible();
    await expect(row.first().getByTestId('ongoing-call')).toBeVisible();
    // Dialed the Google Ads line, which rings at the call centre.
    await expect(row.first()).toContainText('(888) 555-0403');
    await expect(row.first()).toContainText('Call Center');
  } finally {
    await operatorContext.close();
    await adminContext.close();
  }
});

test('click-to-call: both numbers are required, then the call is placed and listed', async ({ page }) => {
  await signIn(page, USERS.operator, '/communication/calls');
  await page.getByRole('main').getByRole('button', { name: 'Call', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Click to call' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(modal.getByText('Phone number is required')).toBeVisible();
  await expect(modal.getByText('Outgoing number is required')).toBeVisible();
  await modal.getByLabel('Phone number').pressSequentially('2135550123');
  // SPEC §5: only 10-digit outbound caller ids are offered.
  await modal.getByLabel('Outgoing number').click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  for (const text of await options.allInnerTexts()) expect(text).toMatch(/\(\d{3}\) \d{3}-\d{4}/);
  await options.first().click();
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/v1/call/click2Call'));
  await modal.getByRole('button', { name: 'Call', exact: true }).click();
  expect((await placed).status()).toBe(200);
  await expect(modal).toBeHidden();
});
