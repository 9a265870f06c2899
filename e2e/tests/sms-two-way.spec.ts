import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';

/** A number no seeded client has, so this run's thread is its own. */
const PHONE = '4155550123';
const PHONE_SHOWN = '(415) 555-0123';
const OPTED_OUT =
  'This number has opted out of text messages (replied STOP). It cannot be texted until it replies START.';

const bellCount = async (page: Page) => Number(await page.getByTestId('notification-count').getAttribute('data-count'));

async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  // The open dropdown's option: the landing dashboard's own office chooser (a native select) has options too.
  await page.getByRole('option', { name: option }).filter({ visible: true }).first().click();
}

/** Fills the Text Message drawer (SPEC §2) for PHONE from the Los Angeles number. */
async function fillText(page: Page, message: string): Promise<Locator> {
  await page.getByTestId('quick-action-sendText').click();
  // The Mantine root carries the test id; the dialog inside it is what shows.
  const drawer = page.getByRole('dialog', { name: 'Send Text Message' });
  await expect(drawer).toBeVisible();
  await choose(page, drawer.getByTestId('text-office'), /Los Angeles/);
  await choose(page, drawer.getByTestId('text-category'), 'Call Center');
  await drawer.getByTestId('text-phone').pressSequentially(PHONE);
  await expect(drawer.getByTestId('text-phone')).toHaveValue(PHONE_SHOWN);
  await drawer.getByTestId('text-name').fill('Pat Example');
  await choose(page, drawer.getByTestId('text-reason'), 'New Inquiry');
  await drawer.getByTestId('text-message').fill(message);
  return drawer;
}

/** The phone simulator posts a signed inbound text to the provider webhook, as the provider would. */
async function replyFromPhone(page: Page, body: string): Promise<void> {
  await page.goto('/tools/phone-simulator');
  const form = page.getByRole('form', { name: 'Inbound text' });
  await form.getByLabel('From (sender)').pressSequentially(PHONE);
  await choose(page, form.getByLabel('To (office SMS number)'), /Los Angeles/);
  await form.getByLabel('Message').fill(body);
  await form.getByRole('button', { name: 'Send inbound text' }).click();
  await expect(page.getByText(/was posted to the SMS webhook/)).toBeVisible();
}

test('a text goes out, the reply reaches another user live, and STOP blocks the next one', async ({ browser }) => {
  const operatorContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, USERS.admin, '/dashboard');
    await signIn(operator, USERS.operator, '/dashboard');

    // 1. The operator sends a text from the drawer (SPEC §4 SMS send).
    const drawer = await fillText(operator, 'Hello from the Casedesk intake team.');
    await drawer.getByTestId('text-submit').click();
    await expect(drawer.getByTestId('sms-sent')).toHaveText('Sms has been sent successfully.');
    await expect(drawer).toBeHidden();

    // 2. The phone replies through the simulator; the admin's bell rises without a reload.
    const before = await bellCount(admin);
    await replyFromPhone(operator, 'Yes, please call me after 5.');
    await expect.poll(() => bellCount(admin), { timeout: 10_000 }).toBeGreaterThan(before);

    // 3. Clicking the notification opens the drawer on that message (edit mode), and marks it read.
    await admin.getByTestId('notification-bell').click();
    const item = admin.getByTestId('notification-item').filter({ hasText: PHONE_SHOWN }).first();
    await item.click();
    const adminDrawer = admin.getByRole('dialog', { name: 'Text Message', exact: true });
    await expect(adminDrawer).toBeVisible();
    await expect(adminDrawer.getByTestId('text-phone')).toHaveValue(PHONE_SHOWN);
    const reply = adminDrawer.getByTestId('text-history-item').filter({ hasText: 'Yes, please call me after 5.' });
    await expect(reply.first()).toHaveAttribute('data-direction', 'INBOUND');
    const sent = adminDrawer
      .getByTestId('text-history-item')
      .filter({ hasText: 'Hello from the Casedesk intake team.' });
    await expect(sent.first()).toHaveAttribute('data-direction', 'OUTBOUND');

    // 4. STOP from the phone: the next send is refused, and the drawer says why.
    await replyFromPhone(operator, 'STOP');
    await operator.goto('/dashboard');
    const again = await fillText(operator, 'One more thing…');
    await expect(again.getByTestId('opt-out-alert')).toContainText(OPTED_OUT);
    await expect(again.getByTestId('text-submit')).toBeDisabled();
  } finally {
    await operatorContext.close();
    await adminContext.close();
  }
});
