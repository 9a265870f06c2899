import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { accessToken, signIn, USERS } from './support/session.ts';
import { NARROW, setWidth, WIDE } from './support/shell.ts';

/*
 * The accounting story end to end: an office manager whose cash flow reaches one office enters three payments
 * (one a cent too much), sees the day's totals and prints the deposit slip; accounting enters what the bank got,
 * finds the one-cent difference on the reconciliation screen, reverses the wrong entry and enters it again, and
 * signs the day; the client's payments tab shows all of it, the reversed check and its reversal marked. The
 * manager's access is narrowed for the story and put back at the end, so the specs after this one find the
 * seed as it was.
 */

// The accounting screenshots live with the others (e2e/screenshots/, git-ignored), for people to look at.
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const OFFICE = 'Los Angeles';
const OFFICE_ZONE = 'America/Los_Angeles';

interface Access {
  id: string;
  permissions: { permissionType: string; accessLevelDTO: { accessType: string; conditionDTO: unknown[] }[] }[];
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

async function accessOf(page: Page, email: string): Promise<Access> {
  const list = await api(page, 'POST', '/api/v1/user/withAccessControl', {
    pageNumber: 1,
    pageSize: 10,
    filter: { searchKeyword: email },
  });
  return api(page, 'GET', `/api/v1/accessControl/user/${list.items[0].id}`);
}

/**
 * The seed fills every weekday of three months and today; weekends stay empty and open (it signs weekdays only).
 * The latest weekend day before the office's today is therefore a day no other row touches, and a payment date
 * that is not in the office's future.
 */
function emptyOfficeDay(now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: OFFICE_ZONE }).format(now);
  const at = new Date(`${today}T12:00:00Z`);
  do at.setUTCDate(at.getUTCDate() - 1);
  while (at.getUTCDay() !== 0 && at.getUTCDay() !== 6);
  return at.toISOString().slice(0, 10);
}

/** Letters only, different on every run, so the client's name finds this run's client alone. */
function uniqueTag(): string {
  const raw = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return raw.replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d)));
}

const DAY = emptyOfficeDay();
/** How the screens write a day (MM-dd-yyyy, SPEC §5). */
const SHOWN_DAY = `${DAY.slice(5, 7)}-${DAY.slice(8, 10)}-${DAY.slice(0, 4)}`;
const TAG = uniqueTag();
const CLIENT = { firstName: 'Rosalind', lastName: `Ledger${TAG}` };
const CLIENT_NAME = `${CLIENT.firstName} ${CLIENT.lastName}`;

async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

interface Entry {
  type: 'Cash' | 'Check' | 'Money order';
  fees: string;
}

/** "Add payment" and its form, as the desk fills it in: an office-entered payment of the story's client. */
async function addPayment(page: Page, scope: Page | Locator, { type, fees }: Entry): Promise<Locator> {
  await scope.getByRole('button', { name: 'Add payment' }).click();
  const form = page.getByRole('form', { name: 'New payment' });
  await choose(page, form.getByRole('combobox', { name: /^Office/ }), OFFICE);
  await form.getByRole('combobox', { name: /^Client/ }).fill(CLIENT.lastName);
  await page.getByRole('option', { name: new RegExp(CLIENT_NAME) }).click();
  await choose(page, form.getByRole('combobox', { name: /^Payment Type/ }), type);
  await form.getByRole('textbox', { name: /^Fees/ }).fill(fees);
  await form.getByLabel(/^Payment Date/).fill(DAY);
  await form.getByRole('checkbox', { name: 'Office entered' }).check();
  await form.getByRole('button', { name: 'Save payment' }).click();
  return form;
}

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage });
  }
  await setWidth(page, WIDE);
}

async function newPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  return browser.newPage({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: WIDE, height: 800 },
    timezoneId: 'UTC',
    locale: 'en-US',
    reducedMotion: 'reduce',
  });
}

test.describe.configure({ mode: 'serial' });

test.describe('accounting: enter, deposit, reconcile', () => {
  let admin: Page;
  let managerAccess: Access;
  let clientId: string;

  test.beforeAll(async ({ browser }, testInfo) => {
    admin = await newPage(browser, testInfo);
    await signIn(admin, USERS.admin);
    const offices: { value: string; label: string }[] = await api(
      admin,
      'GET',
      '/api/v1/accessControl/conditionValues?conditionType=OFFICE',
    );
    const officeId = offices.find((o) => o.label === OFFICE)!.value;

    // The seeded manager runs two offices; the story's manager takes cash for one.
    managerAccess = await accessOf(admin, USERS.manager);
    const oneOffice = [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: [officeId] }];
    await api(admin, 'PUT', `/api/v1/accessControl/user/${managerAccess.id}`, {
      permissions: managerAccess.permissions.map((p) =>
        p.permissionType === 'CASH_FLOW'
          ? { ...p, accessLevelDTO: p.accessLevelDTO.map((level) => ({ ...level, conditionDTO: oneOffice })) }
          : p,
      ),
      reason: 'Accounting browser test: cash flow for one office',
    });

    const client = await api(admin, 'POST', '/api/v1/client', {
      ...CLIENT,
      primaryNumber: `213${String(Date.now()).slice(-7)}`,
      officeId,
    });
    clientId = client.id;
  });

  test.afterAll(async () => {
    if (managerAccess) {
      await api(admin, 'PUT', `/api/v1/accessControl/user/${managerAccess.id}`, {
        permissions: managerAccess.permissions,
        reason: 'End of the accounting browser test: the seeded access back as it was',
      });
    }
    await admin.close();
  });

  test('the office manager enters three payments, sees the day’s totals and prints the deposit slip', async ({
    page,
  }) => {
    // Printing is the browser's dialog: note the call instead, and look at the print layout through print media.
    await page.addInitScript(() => {
      const w = window as unknown as { __printed: number };
      w.__printed = 0;
      window.print = () => {
        w.__printed += 1;
      };
    });
    await signIn(page, USERS.manager, '/accounting/cash-flow?cashflow=office');
    const office = page.getByRole('combobox', { name: 'Office', exact: true });
    await expect(office).toHaveValue(OFFICE);
    await office.click();
    await expect(page.getByRole('option')).toHaveText([OFFICE]);
    await page.keyboard.press('Escape');
    await page.getByLabel('Day', { exact: true }).fill(DAY);
    await expect(page.getByText('Nothing was entered at this office on this day.')).toBeVisible();

    const entries: Entry[] = [
      { type: 'Cash', fees: '120.00' },
      // The slip of paper said $250.00: one cent typed too many.
      { type: 'Check', fees: '250.01' },
      { type: 'Money order', fees: '80.00' },
    ];
    for (const entry of entries) {
      const form = await addPayment(page, page, entry);
      await expect(form).toBeHidden();
      await expect(page.getByText(/Payment saved with receipt \d+\./).last()).toBeVisible();
    }

    const totals = page.getByRole('table', { name: 'Totals by payment type' });
    await expect(totals.getByRole('row')).toHaveText([
      /Cash\s*1 entry\s*\$120\.00/,
      /Check\s*1 entry\s*\$250\.01/,
      /Money order\s*1 entry\s*\$80\.00/,
      /Total\s*3 entries\s*\$450\.01/,
    ]);
    const table = page.getByTestId('office-entered-table');
    await expect(table.getByRole('row').filter({ hasText: CLIENT_NAME })).toHaveCount(3);

    await page.getByRole('button', { name: 'Print deposit slip' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
    const slip = page.getByTestId('deposit-slip');
    await expect(slip).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(slip).toBeVisible();
    await expect(slip).toContainText(`${OFFICE} · ${SHOWN_DAY}`);
    // The slip is out of the accessibility tree (it only exists on paper): its rows by element.
    await expect(slip.locator('tr')).toHaveText([
      /Cash \(1\)\s*\$120\.00/,
      /Check \(1\)\s*\$250\.01/,
      /Money order \(1\)\s*\$80\.00/,
      /Total \(3\)\s*\$450\.01/,
    ]);
    await page.screenshot({ path: path.join(SHOTS, `accounting-deposit-slip-print-${WIDE}.png`) });
    await page.emulateMedia({ media: 'screen' });
  });

  test('accounting finds the one-cent difference, reverses and re-enters the check, and signs the day', async () => {
    test.setTimeout(120_000);
    const page = admin;
    await page.goto('/accounting/cash-flow-recon');

    // What the bank really received: the three slips of paper, $450.00.
    await page.getByRole('button', { name: 'Add deposit' }).click();
    const deposit = page.getByRole('form', { name: 'New deposit' });
    await choose(page, deposit.getByRole('combobox', { name: /^Office/ }), OFFICE);
    await deposit.getByLabel(/^Deposit Date/).fill(DAY);
    await deposit.getByRole('textbox', { name: /^Amount/ }).fill('450.00');
    await deposit.getByRole('textbox', { name: /^Reference/ }).fill(`Bank deposit ${TAG}`);
    await deposit.getByRole('button', { name: 'Save deposit' }).click();
    await expect(deposit).toBeHidden();
    // The message goes by itself; the screenshots below should not have it over the figures.
    await expect(page.getByText('Deposit recorded.')).toBeVisible();
    await expect(page.getByText('Deposit recorded.')).toBeHidden();

    await page.getByLabel('Month', { exact: true }).fill(DAY.slice(0, 7));
    await choose(page, page.getByRole('combobox', { name: 'Office', exact: true }), OFFICE);
    const row = page.getByTestId('recon-table').getByRole('row').filter({ hasText: SHOWN_DAY });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell')).toHaveText([
      OFFICE,
      SHOWN_DAY,
      '450.01',
      '0.00',
      '450.00',
      '-0.01',
      'Open',
      '',
      /Entries\s*Mark reconciled/,
    ]);
    // Red: the day to look into.
    await expect(row.getByRole('cell').nth(5)).toHaveCSS('color', 'rgb(224, 49, 49)');
    await row.scrollIntoViewIfNeeded();
    await shoot(page, 'accounting-recon-difference', false);

    await row.getByRole('button', { name: 'Entries' }).click();
    const drawer = page.getByRole('dialog', { name: `${OFFICE}, ${SHOWN_DAY}` });
    const figures = drawer.getByLabel('Day figures');
    await expect(figures).toContainText('Difference-$0.01');
    const dayEntries = drawer.getByRole('table', { name: 'Entries of the day' });
    await expect(dayEntries.getByRole('row')).toHaveCount(4);
    await shoot(page, 'accounting-recon-day-entries', false);

    const wrong = dayEntries.getByRole('row').filter({ hasText: '$250.01' });
    await wrong.getByRole('button', { name: 'Reverse' }).click();
    const reverse = page.getByRole('form', { name: 'Reverse payment' });
    // Reversed on the day it belongs to, so the day nets to what was meant.
    await expect(reverse.getByLabel(/^Reversal Date/)).toHaveValue(DAY);
    await reverse.getByRole('textbox', { name: /^Reason/ }).fill('Check typed as $250.01; the check says $250.00');
    await reverse.getByRole('button', { name: 'Reverse payment' }).click();
    await expect(reverse).toBeHidden();
    await expect(dayEntries.getByRole('row').filter({ hasText: 'Reversal' })).toContainText('-$250.01');
    await expect(dayEntries.getByRole('row').filter({ hasText: 'Reversed' })).toContainText('$250.01');
    await expect(figures).toContainText('Difference$250.00');

    const reentry = await addPayment(page, drawer, { type: 'Check', fees: '250.00' });
    await expect(reentry).toBeHidden();
    await expect(figures).toContainText('Difference$0.00');
    await expect(dayEntries.getByRole('row')).toHaveCount(6);

    await drawer.getByRole('button', { name: 'Mark reconciled' }).click();
    const sign = page.getByRole('form', { name: 'Mark reconciled' });
    await sign.getByRole('textbox', { name: /^Note/ }).fill('Check re-entered at $250.00; matches the bank');
    await sign.getByRole('button', { name: 'Mark reconciled' }).click();
    await expect(sign).toBeHidden();
    await expect(drawer).toContainText('Reconciled');
    await expect(drawer.getByRole('button', { name: 'Reverse' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Mark reconciled' })).toHaveCount(0);

    // A signed day takes no new entry.
    const late = await addPayment(page, drawer, { type: 'Cash', fees: '10.00' });
    await expect(late).toContainText('This day is reconciled for the office. Enter the correction on an open day.');
    await late.getByRole('button', { name: 'Cancel' }).click();
    await expect(late).toBeHidden();
    await expect(dayEntries.getByRole('row')).toHaveCount(6);
    await shoot(page, 'accounting-recon-day-reconciled', false);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await expect(row.getByRole('cell')).toHaveText([
      OFFICE,
      SHOWN_DAY,
      '450.00',
      '0.00',
      '450.00',
      '0.00',
      'Reconciled',
      'Alex Admin',
      /Entries\s*Reopen/,
    ]);
    await expect(row.getByRole('cell').nth(5)).not.toHaveCSS('color', 'rgb(224, 49, 49)');
    await row.scrollIntoViewIfNeeded();
    await shoot(page, 'accounting-recon-reconciled', false);
  });

  test('the client’s payments tab shows the client’s whole ledger: the three payments, the reversal and the re-entry', async () => {
    const page = admin;
    await page.goto(`/client/${clientId}`);
    // Unlike the cash-flow list, the tab lists a reversed entry and its reversal too, each marked: it is the
    // client's history (docs/accounting.md).
    await page.getByRole('tab', { name: /^Payments/ }).click();
    const rows = page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: SHOWN_DAY });
    await expect(rows).toHaveCount(5);
    const lines = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').trim());
        return [...cells.slice(1, 4), cells[5]].join(' | ');
      }),
    );
    expect(lines.sort()).toEqual([
      `Cash | ${OFFICE} | 120.00 | `,
      `Check | ${OFFICE} | -250.01 | Reversal`,
      `Check | ${OFFICE} | 250.00 | `,
      `Check | ${OFFICE} | 250.01 | Reversed`,
      `Money order | ${OFFICE} | 80.00 | `,
    ]);
    await page.getByRole('table', { name: 'Payments' }).scrollIntoViewIfNeeded();
    await shoot(page, 'accounting-client-payments', false);
  });
});
