import { expect, test, type Page } from '@playwright/test';
import { accessToken, signIn, USERS } from './support/session.ts';

// SPEC §2: /dashboard follows defaultDashboard (seed.ts); OFFICE or unset gives the office dashboard.
const LANDINGS = [
  { user: 'admin', path: '/dashboard/dashboard-corporate', title: 'Corporate dashboard', figure: 'leads' },
  { user: 'manager', path: '/dashboard/dashboard-office', title: 'Office dashboard', figure: 'appointmentsToday' },
  {
    user: 'operator',
    path: '/dashboard/dashboard-call-center',
    title: 'Call center dashboard',
    figure: 'ongoingCalls',
  },
  { user: 'attorney', path: '/dashboard/dashboard-office', title: 'Office dashboard', figure: 'appointmentsToday' },
  { user: 'collector', path: '/dashboard/dashboard-office', title: 'Office dashboard', figure: 'cashToday' },
] as const;

for (const { user, path, title, figure } of LANDINGS) {
  test(`${user} lands on ${title} and sees its figures`, async ({ page }) => {
    await signIn(page, USERS[user]);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId(`figure-${figure}`).getByTestId('figure-value')).toHaveText(/\S/);
    await expect(page.getByTestId('dashboard-user-name')).toHaveText(
      (await page.getByTestId('header-user-name').textContent()) ?? '',
    );
    await expect(page.getByTestId('dashboard-is-default')).toBeVisible();
  });
}

/** The figure's value as the server sent it. */
async function figureValue(page: Page, key: string): Promise<number> {
  return Number(await page.getByTestId(`figure-${key}`).getAttribute('data-value'));
}

/** Opens a figure's drill-down and checks it lists exactly the figure's number of rows. */
async function expectDrillMatches(page: Page, key: string): Promise<number> {
  const card = page.getByTestId(`figure-${key}`);
  const shown = await figureValue(page, key);
  await card.click();
  const drawer = page.getByTestId('drill-drawer');
  await expect(drawer.getByTestId('drill-total')).toHaveAttribute('data-count', String(shown));
  const table = drawer.getByRole('table');
  await expect(table).toBeVisible();
  if (shown <= 100) {
    // aria-rowcount: the header, this page's rows, and a totals row for money figures.
    const totals = (await drawer.getByTestId('data-table-totals').count()) > 0 ? 1 : 0;
    await expect(table).toHaveAttribute('aria-rowcount', String(shown + 1 + totals));
  }
  return shown;
}

test('an inbound call shows as ongoing on the call-centre dashboard, live, and its drill-down lists it', async ({
  browser,
}) => {
  const operatorContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  const admin = await adminContext.newPage();
  // A caller of this run only, so the rows this test reads are its own.
  const caller = `310555${String(Date.now()).slice(-4)}`;
  try {
    await signIn(operator, USERS.operator, '/dashboard/dashboard-call-center');
    const ongoing = operator.getByTestId('figure-ongoingCalls');
    await expect(ongoing).toHaveAttribute('data-value', /\d+/);
    const before = await figureValue(operator, 'ongoingCalls');

    await signIn(admin, USERS.admin, '/tools/phone-simulator');
    const callForm = admin.getByRole('form', { name: 'Inbound call' });
    await callForm.getByLabel('From (caller)').pressSequentially(caller);
    await callForm.getByLabel('To (dialed number, DNIS)').pressSequentially('8885550403');
    await callForm.getByRole('button', { name: 'Place inbound call' }).click();
    await expect(admin.getByText(/was posted to the voice webhook/)).toBeVisible();

    // No reload: the socket's CALL event refreshes the dashboard (batched, at most every 5 s: the wait allows
    // a whole batch and the request after it on a busy machine; the batch's timing is refresh-batcher.test.ts's).
    await expect.poll(() => figureValue(operator, 'ongoingCalls'), { timeout: 20_000 }).toBeGreaterThan(before);

    await expectDrillMatches(operator, 'ongoingCalls');
    const drawer = operator.getByTestId('drill-drawer');
    const last4 = caller.slice(-4);
    await expect(
      drawer
        .getByRole('row')
        .filter({ hasText: new RegExp(`${last4}`) })
        .first(),
    ).toBeVisible();
  } finally {
    await operatorContext.close();
    await adminContext.close();
  }
});

test("a figure's drill-down lists exactly as many rows as the figure says, and exports them", async ({ page }) => {
  await signIn(page, USERS.operator, '/dashboard/dashboard-call-center');
  await expect(page.getByTestId('figure-inboundCalls')).toHaveAttribute('data-value', /\d+/);
  const shown = await expectDrillMatches(page, 'inboundCalls');
  if (shown > 0) {
    const drawer = page.getByTestId('drill-drawer');
    await drawer.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  }
});

test('office dashboard: the timeline is in time order and the cash figure opens its rows', async ({ page }) => {
  await signIn(page, USERS.manager, '/dashboard/dashboard-office');
  await expect(page.getByTestId('office-timeline')).toBeVisible();
  await expect(page.getByTestId('figure-cashToday')).toHaveAttribute('data-value', /\d+/);
  await expectDrillMatches(page, 'showedThisWeek');
});

test('the dashboard switcher opens another dashboard and stores the choice for /dashboard', async ({ page }) => {
  await signIn(page, USERS.admin, '/dashboard/dashboard-corporate');
  await expect(page.getByTestId('dashboard-is-default')).toBeVisible();
  try {
    await page.getByRole('navigation', { name: 'Dashboards' }).getByRole('link', { name: 'Office' }).click();
    await expect(page).toHaveURL('/dashboard/dashboard-office');
    await expect(page.getByRole('heading', { level: 1, name: 'Office dashboard' })).toBeVisible();
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/updateDashboard'));
    await page.getByTestId('dashboard-make-default').click();
    expect((await stored).status()).toBe(200);
    await expect(page.getByTestId('dashboard-is-default')).toBeVisible();

    await page.goto('/dashboard');
    await expect(page).toHaveURL('/dashboard/dashboard-office');
  } finally {
    // The admin's landing is CORPORATE for every other spec.
    const token = await accessToken(page);
    const restored = await page.request.put('/api/v1/user/updateDashboard', {
      headers: { Authorization: `Bearer ${token}` },
      data: { defaultDashboard: 'CORPORATE' },
    });
    expect(restored.status()).toBe(200);
  }
});
