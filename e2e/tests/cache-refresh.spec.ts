import { expect, test, type Page } from '@playwright/test';
import { accessToken, signIn, USERS } from './support/session.ts';

/*
 * A change refreshes every screen that shows it, in one session: the screens below are read (and cached)
 * before the change and opened again after it by client-side navigation, as a menu link does. Without the
 * invalidation a screen shows its cached copy, without the change.
 */

/**
 * Client-side navigation to a URL, as a link in the app does: the document and its query cache stay. It waits
 * for the screen before to settle, so a redirect that screen still had in hand cannot replace the new entry.
 */
async function goInApp(page: Page, url: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await expect(page).toHaveURL(url);
}

/**
 * Starts the session's watch: the page's clock stands still from here (timers still run), so nothing cached
 * goes stale by age (30 s) however slow the machine, and only an invalidation makes a screen read again; and
 * a mark on the document, still there at the end when no screen was reached by a page load.
 */
async function watchSession(page: Page): Promise<() => Promise<boolean>> {
  await page.clock.setFixedTime(new Date());
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  return () => page.evaluate(() => 'sameDocument' in window);
}

/** A lead made through the API: its inquiry and client. */
async function createLead(page: Page, firstName: string, lastName: string) {
  const res = await page.request.post('/api/v1/inquiry', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { client: { firstName, lastName, primaryNumber: '2135550143', autoText: false } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const inquiry = (await res.json()) as { id: string; clientId: string };
  return { inquiryId: inquiry.id, clientId: inquiry.clientId };
}

/** The browser's Sunday-start week (as the week view counts it) of a day, as yyyy-MM-dd. */
function weekOf(page: Page, day: string | null, weeksAhead = 0): Promise<string> {
  return page.evaluate(
    ([iso, ahead]) => {
      const date = iso ? new Date(iso) : new Date();
      date.setHours(12, 0, 0, 0);
      date.setDate(date.getDate() - date.getDay() + 7 * ahead);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    },
    [day, weeksAhead] as const,
  );
}

async function weekTotal(page: Page): Promise<number> {
  const days = page.getByTestId('week-totals').getByRole('button');
  await expect(days).toHaveCount(7);
  const counts = await days.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-count'))));
  return counts.reduce((sum, count) => sum + count, 0);
}

const appointmentsTab = (page: Page) => page.getByRole('tab', { name: /^Appointments/ });

test('a booking refreshes the appointment lists, the week totals, the lead and the client it was cached in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.admin, '/appointments/set');
  const lastName = `Cached${Date.now()}`;
  const { inquiryId, clientId } = await createLead(page, 'Booking', lastName);
  const sameDocument = await watchSession(page);

  // Read before the booking: the set list, the next two weeks' totals, the client's tabs.
  await goInApp(page, '/appointments/set');
  const setList = page.getByRole('table', { name: 'Set appointments' });
  await expect(setList.getByRole('row').nth(1)).toBeVisible();
  await expect(setList.getByRole('row', { name: new RegExp(lastName) })).toHaveCount(0);
  const totalsBefore = new Map<string, number>();
  for (const ahead of [1, 2]) {
    const week = await weekOf(page, null, ahead);
    await goInApp(page, `/appointments/week?week=${week}`);
    totalsBefore.set(week, await weekTotal(page));
  }
  await goInApp(page, `/client/${clientId}`);
  await expect(page.getByTestId('client-name')).toHaveText(`Booking ${lastName}`);
  await expect(appointmentsTab(page)).toHaveText(/^Appointments\s*0$/);

  // The booking, from the lead: the first free 15-minute slot of next week.
  await goInApp(page, `/communication/lead/${inquiryId}`);
  const panel = page.getByRole('region', { name: 'Appointment' });
  await expect(panel.getByText('No appointment booked for this inquiry yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Attorney availability' }).click();
  const drawer = page.getByRole('dialog', { name: 'Attorney Availability' });
  await drawer.getByRole('button', { name: 'Next week' }).click();
  await drawer.getByText('15 min', { exact: true }).click();
  await expect(drawer.getByTestId('availability-table')).toHaveAttribute('aria-busy', 'false');
  await drawer
    .getByRole('button', { name: /^Book .* at / })
    .first()
    .click();
  const modal = page.getByRole('dialog', { name: 'Book appointment' });
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/v1/appointment',
  );
  await modal.getByRole('button', { name: 'Book' }).click();
  const response = await saved;
  expect(response.status(), await response.text()).toBe(200);
  const booked = (await response.json()) as { appointmentDateTime: string };
  await expect(modal).toBeHidden();
  // The lead's own appointment panel.
  await expect(panel.getByTestId('inquiry-appointment')).toContainText('15 min');

  // Each screen read before shows the booking, without a page load.
  await goInApp(page, '/appointments/set');
  await expect(setList.getByRole('row', { name: new RegExp(lastName) })).toBeVisible();
  const bookedWeek = await weekOf(page, booked.appointmentDateTime);
  const before = totalsBefore.get(bookedWeek);
  expect(before, `the booking's week ${bookedWeek} is one of the two read`).toBeDefined();
  await goInApp(page, `/appointments/week?week=${bookedWeek}`);
  // At least one more: other tests may book in the same week meanwhile.
  await expect.poll(() => weekTotal(page)).toBeGreaterThanOrEqual(before! + 1);
  await goInApp(page, `/client/${clientId}`);
  await expect(appointmentsTab(page)).toHaveText(/^Appointments\s*1$/);
  expect(await sameDocument()).toBe(true);
});

test('a client save refreshes every view of the client: the search results and its lead', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, USERS.admin, '/management/search-client');
  const lastName = `Renamed${Date.now()}`;
  const { inquiryId, clientId } = await createLead(page, 'Before', lastName);
  const sameDocument = await watchSession(page);

  // Read before the save: the search results and the lead.
  const searchUrl = `/management/search-client?searchKeyword=${lastName}`;
  await goInApp(page, searchUrl);
  const results = page.getByRole('table', { name: 'Clients found' });
  await expect(results.getByText(`Before ${lastName}`)).toBeVisible();
  await goInApp(page, `/communication/lead/${inquiryId}`);
  const leadClient = page.getByRole('region', { name: 'Client', exact: true });
  await expect(leadClient.getByLabel('First Name')).toHaveValue('Before');

  // The save, on the client's profile.
  await goInApp(page, `/client/${clientId}`);
  const profile = page.getByRole('form', { name: 'Client profile' });
  await profile.getByLabel('First Name').fill('After');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('client-saved')).toBeVisible();
  await expect(page.getByTestId('client-name')).toHaveText(`After ${lastName}`);

  // Each view read before shows the new name, without a page load.
  await goInApp(page, searchUrl);
  await expect(results.getByText(`After ${lastName}`)).toBeVisible();
  await goInApp(page, `/communication/lead/${inquiryId}`);
  await expect(leadClient.getByLabel('First Name')).toHaveValue('After');
  expect(await sameDocument()).toBe(true);
});
