import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessToken, signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

async function createLead(page: Page, lastName: string): Promise<string> {
  const res = await page.request.post('/api/v1/inquiry', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { client: { firstName: 'Calendar', lastName, primaryNumber: '2135550143', autoText: true } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

async function shoot(page: Page, name: string, settled: () => Promise<void>) {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.waitForTimeout(400);
    await settled();
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await setWidth(page, WIDE);
}

/** The loading indicator is gone: the delayed (1 s) fetch of the visible range has answered. */
const loaded = (modal: Locator) => () => expect(modal.getByTestId('calendar-loading')).toBeHidden({ timeout: 10_000 });

test('calendar modal: week, month and year views of a seeded attorney; a free slot fills the booking', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.operator);
  const inquiry = await createLead(page, `Calendar${Date.now()}`);
  await page.goto(`/communication/lead/${inquiry}`);
  await page.getByRole('region', { name: 'Appointment' }).getByRole('button', { name: 'Book appointment' }).click();
  const book = page.getByRole('dialog', { name: 'Book appointment' });
  await book.getByRole('combobox', { name: 'Attorney' }).click();
  await page.getByRole('option').first().click();
  await book.getByRole('button', { name: 'View calendar' }).click();

  const modal = page.getByRole('dialog', { name: /^Calendar · / });
  const calendar = modal.getByRole('region', { name: 'Attorney calendar' });
  await expect(calendar.locator('.fc-timeGridWeek-view')).toBeVisible();
  await loaded(modal)();
  await expect(modal.getByTestId('calendar-zone')).toContainText('times in');

  // SPEC §2: 24 hour rows of 72 px (two 36 px halves for a 30-minute appointment), 7 day columns,
  // opened scrolled by 504 px; weeks start on Sunday.
  await expect(calendar.locator('.fc-timegrid-slot-lane')).toHaveCount(48);
  const laneHeight = await calendar
    .locator('.fc-timegrid-slot-lane')
    .first()
    .evaluate((el) => el.getBoundingClientRect().height);
  expect(Math.round(laneHeight)).toBe(36);
  await expect(calendar.locator('.fc-timegrid-col.fc-day')).toHaveCount(7);
  await expect(calendar.locator('.fc-col-header-cell').first()).toContainText('Sun');
  const scrollTop = await calendar
    .locator('.fc-timegrid-body')
    .evaluate((el) => el.closest('.fc-scroller')?.scrollTop ?? -1);
  expect(scrollTop).toBe(504);

  // Next week: every working hour of it is in the future whatever the time now, so free slots show.
  await modal.getByRole('button', { name: 'Next' }).click();
  await expect(modal.getByTestId('calendar-loading')).toBeVisible();
  await loaded(modal)();
  const free = calendar.locator('.fc-bg-event.cd-free');
  await expect(free.first()).toBeVisible();
  await expect(calendar.locator('.fc-timegrid-col.fc-day-sat').first()).toHaveClass(/blocked/);
  await shoot(page, 'calendar-week', loaded(modal));
  expect(await seriousViolations(page, '.mantine-Modal-content')).toEqual([]);

  await modal.getByText('Month', { exact: true }).click();
  await expect(calendar.locator('.fc-dayGridMonth-view')).toBeVisible();
  await loaded(modal)();
  await expect(calendar.locator('.fc-col-header-cell').first()).toContainText('Sun');
  await shoot(page, 'calendar-month', loaded(modal));
  expect(await seriousViolations(page, '.mantine-Modal-content')).toEqual([]);

  await modal.getByText('Year', { exact: true }).click();
  await expect(calendar.locator('.fc-multiMonthYear-view')).toBeVisible();
  await expect(calendar.locator('.fc-multimonth-month')).toHaveCount(12);
  await loaded(modal)();
  await shoot(page, 'calendar-year', loaded(modal));

  // Back to a week with free time: a click on a free slot puts its time into the booking form.
  await modal.getByText('Week', { exact: true }).click();
  await loaded(modal)();
  await modal.getByRole('button', { name: 'Next' }).click();
  await loaded(modal)();
  await expect(free.first()).toBeVisible();
  await free.first().scrollIntoViewIfNeeded();
  const box = (await free.first().boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + 8);
  await expect(modal).toBeHidden();
  await expect(book.getByTestId('appointment-date-time')).toHaveValue(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} (AM|PM)$/);

  // The same without a mouse: each free cell is a button named for its time; Enter picks it.
  await book.getByRole('button', { name: 'View calendar' }).click();
  await expect(modal.getByTestId('calendar-zone')).toContainText('times in');
  await loaded(modal)();
  await modal.getByRole('button', { name: 'Next' }).click();
  await loaded(modal)();
  const cells = calendar.getByRole('button', { name: /^Book a 30-minute appointment on / });
  const second = cells.nth(1);
  const name = (await second.getAttribute('aria-label'))!;
  await second.focus();
  await expect(second).toBeFocused();
  // The focus ring of a cell reached from the keyboard, at the width the test runs at.
  await page.screenshot({ path: path.join(dir, `calendar-week-focused-cell-${WIDE}.png`) });
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  // "… on Tuesday, December 1 at 9:30 AM" → the form shows 9:30 AM that day.
  const time = /at (\d{1,2}):(\d{2}) (AM|PM)$/.exec(name)!;
  await expect(book.getByTestId('appointment-date-time')).toHaveValue(
    new RegExp(` ${time[1]!.padStart(2, '0')}:${time[2]} ${time[3]}$`),
  );

  // SPEC §5: a 15-minute appointment is offered on quarters, rows of 18 px (the hour stays 72 px).
  await book.getByText('15 min', { exact: true }).click();
  await book.getByRole('button', { name: 'View calendar' }).click();
  await expect(modal.getByTestId('calendar-zone')).toContainText('times in');
  await expect(calendar.locator('.fc-timegrid-slot-lane')).toHaveCount(96);
  const quarter = await calendar
    .locator('.fc-timegrid-slot-lane')
    .first()
    .evaluate((el) => el.getBoundingClientRect().height);
  expect(Math.round(quarter)).toBe(18);
});

test('litigation calendar page at 1280 and 800 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.manager);
  await page.goto('/management/litigation-calendar');
  const pageRoot = page.getByTestId('litigation-calendar-page');
  await expect(pageRoot.getByRole('heading', { name: 'Litigation calendar' })).toBeVisible();
  await expect(pageRoot.locator('.fc-dayGridMonth-view')).toBeVisible();
  const list = pageRoot.getByRole('list', { name: 'Litigation attorneys' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const settled = () => expect(pageRoot.getByTestId('calendar-loading')).toBeHidden({ timeout: 10_000 });
  await settled();
  await shoot(page, 'litigation-calendar', settled);
  expect(await seriousViolations(page)).toEqual([]);
});
