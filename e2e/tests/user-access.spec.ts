import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessToken, signIn, USERS } from './support/session.ts';
import { NARROW, setWidth, WIDE } from './support/shell.ts';

/*
 * User access administration, as an administrator uses it: a grant narrowed to one office reaches the
 * operator's Send Text drawer on their next page load and shows in the operator's history; a profile goes to
 * two users at once; the "what can they do" panel explains a refusal. The seeded users' access is read
 * first and put back at the end, so the specs after this one find the seed as it was.
 */

interface Access {
  id: string;
  permissions: unknown[];
}

async function api(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: object) {
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    ...(data ? { data } : {}),
  });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

async function userByEmail(page: Page, email: string): Promise<Access> {
  const list = await api(page, 'POST', '/api/v1/user/withAccessControl', {
    pageNumber: 1,
    pageSize: 10,
    filter: { searchKeyword: email },
  });
  return api(page, 'GET', `/api/v1/accessControl/user/${list.items[0].id}`);
}

async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The office choices of the Send Text drawer (SPEC §6: filtered by SMS CREATE's office condition). */
async function sendTextOffices(page: Page): Promise<string[]> {
  await page.getByTestId('quick-action-sendText').click();
  const drawer = page.getByRole('dialog', { name: 'Send Text Message' });
  await drawer.getByTestId('text-office').click();
  const options = page.getByRole('listbox').last().getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = await options.allInnerTexts();
  await page.keyboard.press('Escape');
  return names;
}

async function saveWithReason(page: Page, reason: string): Promise<void> {
  await page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('dialog', { name: /Change the access of/ });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Access has been updated')).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.describe('user access administration', () => {
  let admin: Page;
  const restore: Access[] = [];

  test.beforeAll(async ({ browser }, testInfo) => {
    admin = await browser.newPage({ baseURL: testInfo.project.use.baseURL, viewport: { width: WIDE, height: 900 } });
    await signIn(admin, USERS.admin, '/admin-panel/user-access');
  });

  test.afterAll(async () => {
    for (const user of restore) {
      await api(admin, 'PUT', `/api/v1/accessControl/user/${user.id}`, {
        permissions: user.permissions,
        reason: 'End of the user-access browser test: the seeded access back as it was',
      });
    }
    await admin.close();
  });

  test('SMS CREATE for one office reaches the operator on their next page load, and shows in history', async ({
    page,
  }) => {
    const operator = await userByEmail(admin, USERS.operator);
    restore.push(operator);
    await signIn(page, USERS.operator, '/communication/sms');
    expect((await sendTextOffices(page)).length).toBeGreaterThan(1);

    await admin.getByLabel('Search users').fill('operator@');
    await admin.getByRole('row', { name: /operator@casedesk\.local/ }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
    await admin.getByRole('button', { name: 'Conditions of SMS CREATE' }).click();
    const conditions = admin.getByRole('dialog', { name: 'Conditions of SMS CREATE' });
    await conditions.getByRole('button', { name: 'Add condition' }).click();
    const row = conditions.getByTestId('condition-row').last();
    await choose(admin, row.getByLabel('Values'), 'Miami');
    await admin.keyboard.press('Escape');
    await conditions.getByRole('button', { name: 'Apply' }).click();
    await expect(admin.getByTestId('permission-SMS')).toContainText('Office is one of Miami');
    await saveWithReason(admin, 'Texts for the Miami office only');

    await page.reload();
    await expect.poll(() => sendTextOffices(page)).toEqual([expect.stringMatching(/Miami/)]);

    await admin.getByRole('tab', { name: 'History' }).click();
    const history = admin.getByTestId('access-history');
    await expect(history).toContainText('permissions');
    await expect(history).toContainText('Texts for the Miami office only');
  });

  test('a profile is applied to two users at once', async () => {
    const [attorney, collector] = [await userByEmail(admin, USERS.attorney), await userByEmail(admin, USERS.collector)];
    restore.push(attorney, collector);
    const name = `Browser test profile ${Date.now()}`;
    await api(admin, 'POST', '/api/v1/accessControl/profile', {
      name,
      permissions: [{ permissionType: 'USER_DIRECTORY', accessLevelDTO: [{ accessType: 'READ', conditionDTO: [] }] }],
      reason: 'A profile for the browser test',
    });

    await admin.goto('/admin-panel/user-access');
    for (const email of [USERS.attorney, USERS.collector]) {
      await admin
        .getByRole('checkbox', { name: new RegExp(`Select .*`) })
        .first()
        .waitFor();
      await admin
        .getByRole('row', { name: new RegExp(email.replace('.', '\\.')) })
        .getByRole('checkbox')
        .check();
    }
    await admin.getByRole('button', { name: 'Apply profile to 2' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Apply a profile to 2 users' });
    await choose(admin, dialog.getByLabel('Profile'), new RegExp(name));
    await dialog.getByLabel('Reason').fill('Two new colleagues');
    await dialog.getByRole('button', { name: 'Apply profile' }).click();
    await expect(admin.getByText('Profile applied to 2 users')).toBeVisible();
    for (const email of [USERS.attorney, USERS.collector]) {
      await expect(admin.getByRole('row', { name: new RegExp(email.replace('.', '\\.')) })).toContainText(name);
    }
  });

  test('"what can they do" explains a refusal', async () => {
    const miami = (await api(admin, 'GET', '/api/v1/accessControl/conditionValues?conditionType=OFFICE')).find(
      (o: { label: string }) => o.label === 'Miami',
    ).value;
    const inquiry = await api(admin, 'POST', '/api/v1/inquiry', {
      client: { firstName: 'Explained', lastName: 'Refusal', primaryNumber: '3055550199', autoText: false },
      officeId: miami,
    });
    const manager = await userByEmail(admin, USERS.manager);
    await admin.goto(`/admin-panel/user-access/${manager.id}`);
    await admin.getByRole('tab', { name: 'What can they do' }).click();
    await expect(admin.getByTestId('menu-preview')).toContainText('Communication');
    await admin.getByText('Inquiry', { exact: true }).click();
    await admin.getByLabel('Inquiry id').fill(inquiry.id);
    await admin.getByRole('button', { name: 'Check' }).click();
    const result = admin.getByTestId('explain-result');
    await expect(result).toContainText('Read: no');
    await expect(result).toContainText(/LEADS READ needs office is one of Los Angeles/);
    await admin.getByRole('button', { name: 'Who can see this' }).click();
    await expect(admin.getByTestId('who-can-see')).toContainText('through LEADS');

    for (const width of [WIDE, NARROW]) {
      await setWidth(admin, width);
      await admin.screenshot({ path: `test-results/screenshots/user-access-explain-${width}.png`, fullPage: true });
      await admin.getByRole('tab', { name: 'Access' }).click();
      await admin.screenshot({ path: `test-results/screenshots/user-access-detail-${width}.png`, fullPage: true });
      await admin.getByRole('tab', { name: 'History' }).click();
      await admin.screenshot({ path: `test-results/screenshots/user-access-history-${width}.png`, fullPage: true });
      await admin.getByRole('tab', { name: 'What can they do' }).click();
      await admin.goto('/admin-panel/user-access');
      await expect(admin.getByRole('row').nth(1)).toBeVisible();
      await admin.screenshot({ path: `test-results/screenshots/user-access-list-${width}.png`, fullPage: true });
      await admin.goto(`/admin-panel/user-access/${manager.id}`);
      await admin.getByRole('tab', { name: 'What can they do' }).click();
    }
  });
});
