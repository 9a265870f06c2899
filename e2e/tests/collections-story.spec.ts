import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import {
  CONTACT_REFUSAL_WORDING,
  contactRuleFor,
  DEFAULT_CONTACT_RULE,
  hourLabel,
  type ContactRule,
} from '@casedesk/contract/collections/contact-rules';
import type { UsStateCode } from '@casedesk/contract/collections/us-states';
import { accessToken, signIn, USERS } from './support/session.ts';
import { NARROW, setWidth, WIDE } from './support/shell.ts';

// The collections story of one collector, in one signed-in session: a text from a client of theirs reaches
// them as a COLLECTION_SMS notification that opens the account, they set up a monthly plan and pause it
// backdated, a collection call outside the client's hours is refused with the rule's words, and their
// dashboard's paused-plan figure moves. An admin (another browser context, API only) opens the client and
// the account the test owns, and plays the client's phone through the simulator's signed webhook.

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

/**
 * States whose zone the test knows (the server's `state-time-zones.ts`), west to east around the clock. The
 * refusal it receives names the zone the server used, so a disagreement fails the test instead of passing it.
 */
const STATE_ZONES: Partial<Record<UsStateCode, string>> = {
  PR: 'America/Puerto_Rico',
  NY: 'America/New_York',
  IL: 'America/Chicago',
  CO: 'America/Denver',
  AZ: 'America/Phoenix',
  CA: 'America/Los_Angeles',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  GU: 'Pacific/Guam',
};
/** The state whose rule the test owns when no state above is outside its hours now; no other spec uses it. */
const OWNED_RULE_STATE: UsStateCode = 'MP';
const OWNED_RULE_ZONE = 'Pacific/Saipan';
/** The test takes well under this: a state nearer than this to its earliest hour is not chosen. */
const MARGIN_MINUTES = 20;

interface CallWindow {
  state: UsStateCode;
  timeZone: string;
  rule: ContactRule;
  /** The client's calendar day the next allowed call falls on (yyyy-MM-dd). */
  nextDay: string;
}

function localClock(now: Date, timeZone: string): { day: string; minutes: number } {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (const part of format.formatToParts(now)) parts[part.type] = part.value;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** 'Fri, Nov 27' for a calendar day, as the refusal words it. */
function dayWords(day: string): string {
  const p: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
  for (const part of format.formatToParts(new Date(`${day}T12:00:00Z`))) p[part.type] = part.value;
  return `${p.weekday}, ${p.month} ${p.day}`;
}

/** Outside the rule's hours now and for the test's length; then the next allowed call is the next earliest hour. */
function refusedWindow(state: UsStateCode, timeZone: string, rule: ContactRule, now: Date): CallWindow | null {
  const { day, minutes } = localClock(now, timeZone);
  if (minutes >= rule.latestHour * 60) return { state, timeZone, rule, nextDay: addDays(day, 1) };
  if (minutes < rule.earliestHour * 60 - MARGIN_MINUTES) return { state, timeZone, rule, nextDay: day };
  return null;
}

/**
 * The contact rule is checked on the server's real clock (no mock), so the test picks a client who is outside
 * their allowed hours right now. First choice: a state on the firm's own rule table (8:00 to 21:00 unless a
 * state's row says otherwise) whose local time is outside it; from about 22:00 to 01:00 UTC every US zone is
 * inside 8 to 21, and then the test owns the rule of a state no other spec uses (the Northern Mariana Islands)
 * and sets its hours so that its local time now is outside them, with an hour to spare. Either way the real
 * guard decides, from the client's address and the rule table, as for any call.
 */
async function chooseRefusedState(admin: Page, rules: ContactRule[]): Promise<CallWindow> {
  const now = new Date();
  for (const [state, timeZone] of Object.entries(STATE_ZONES) as [UsStateCode, string][]) {
    const window = refusedWindow(state, timeZone, contactRuleFor(rules, state), now);
    if (window) return window;
  }
  const hour = Math.floor(localClock(now, OWNED_RULE_ZONE).minutes / 60);
  const hours = hour < 12 ? { earliestHour: hour + 2, latestHour: 24 } : { earliestHour: 1, latestHour: hour - 1 };
  const rule = await api<ContactRule>(admin, 'PUT', '/api/v1/collectionContactRule', {
    ...DEFAULT_CONTACT_RULE,
    state: OWNED_RULE_STATE,
    ...hours,
  });
  return refusedWindow(OWNED_RULE_STATE, OWNED_RULE_ZONE, rule, now)!;
}

async function api<T>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The collector's own figure: "3 accounts" behind "Paused" or "Active" on the Payment plans card. */
async function planFigure(page: Page, which: 'active' | 'paused'): Promise<number> {
  const card = page.getByTestId('figure-plans');
  const link = card.getByRole('link', { name: new RegExp(`^Open the [\\d,]+ accounts? with an? ${which} plan$`) });
  await expect(link).toBeVisible();
  return Number((await link.innerText()).replace(/[^\d]/g, ''));
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/collections/dashboard-collection');
  await expect(page.getByRole('heading', { name: 'My collections', level: 1 })).toBeVisible();
  await expect(page.getByTestId('figure-plans')).toBeVisible();
}

async function shoot(page: Page, name: string, fullPage: boolean): Promise<void> {
  for (const width of [WIDE, NARROW]) {
    await setWidth(page, width);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage });
  }
  await setWidth(page, WIDE);
}

/** A number of the 555-01xx range kept for fiction, different on every run. */
function fictionalPhone(): string {
  return `312555${String(100 + Math.floor(Math.random() * 100)).padStart(4, '0')}`;
}

const formatPhone = (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
const shownDate = (day: string) => `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;

test('a collector hears from a client, plans and pauses, is refused a late call, and sees the dashboard move', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  let ownedRule = false;
  try {
    await signIn(page, USERS.collector, '/collections/dashboard-collection');
    await signIn(admin, USERS.admin, '/dashboard');
    const collector = await api<{ id: string; officeId: string }>(page, 'GET', '/api/v1/user');

    // The client lives where it is outside calling hours now; the account is theirs, the collector's, in the
    // collector's own office.
    const rules = await api<ContactRule[]>(page, 'GET', '/api/v1/collectionContactRule');
    const window = await chooseRefusedState(admin, rules);
    ownedRule = window.state === OWNED_RULE_STATE;
    const phone = fictionalPhone();
    const lastName = `Storey${Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d)))}`;
    const client = await api<{ id: string }>(admin, 'POST', '/api/v1/client', {
      firstName: 'Marisol',
      lastName,
      primaryNumber: phone,
      city: 'Springfield',
      state: window.state,
      officeId: collector.officeId,
    });
    const account = await api<{ id: string; accountNumber: number }>(admin, 'POST', '/api/v1/collectionAccount', {
      officeId: collector.officeId,
      clientId: client.id,
      originalCents: 120_000,
      collectorId: collector.id,
      note: 'Unpaid fees on the settled matter.',
    });

    // 4 (before). The collector's own dashboard: how many of their accounts have an active or a paused plan.
    await openDashboard(page);
    const activeBefore = await planFigure(page, 'active');
    const pausedBefore = await planFigure(page, 'paused');

    // 1. The client texts the office's number; the collector is told, and the notification opens the account.
    const offices = await api<{ id: string; smsNumber: string }[]>(admin, 'GET', '/api/v1/dropdown/smsOffice');
    const office = offices.find((o) => o.id === collector.officeId)!;
    await api(admin, 'POST', '/api/v1/simulator/sms', {
      from: phone,
      to: office.smsNumber,
      body: 'I got your letter. Can we set up monthly payments?',
    });
    await page.getByTestId('notification-bell').click();
    const item = page.getByTestId('notification-item').filter({
      hasText: `New text from Marisol ${lastName} ${formatPhone(phone)} on account ${account.accountNumber}`,
    });
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAccessibleName(/^Collection text, unread: /);
    await item.click();
    await expect(page).toHaveURL(`/collections/account-detail/${account.id}`);
    await expect(page.getByTestId('account-title')).toHaveText(`Marisol ${lastName}`);

    // 2. A monthly plan, its schedule shown before it is saved.
    const panel = page.getByTestId('payment-plan-panel');
    await panel.getByRole('button', { name: 'Create plan' }).click();
    const planForm = page.getByRole('form', { name: 'New payment plan' });
    await expect(planForm.getByLabel(/^Frequency/)).toHaveValue('Monthly');
    await planForm.getByRole('textbox', { name: /^Instalment Amount/ }).fill('100');
    const preview = planForm.getByTestId('plan-preview');
    await expect(preview).toContainText('12 instalments, $1,200.00 in all');
    await expect(preview.getByRole('table', { name: 'Schedule preview' }).getByRole('row')).toHaveCount(13);
    await planForm.getByRole('button', { name: 'Save plan' }).click();
    await expect(planForm).toBeHidden();
    await expect(panel.getByTestId('plan-terms')).toContainText('$100.00 monthly from');
    await expect(panel.getByText('Active', { exact: true })).toHaveCount(1);

    // ...and pauses it from three days back (the office's today is the field's latest day), with the reason.
    await panel.getByRole('button', { name: 'Pause' }).click();
    const pauseForm = page.getByRole('form', { name: 'Pause payment plan' });
    const pausedFromField = pauseForm.getByLabel('Pause From');
    const officeToday = (await pausedFromField.getAttribute('max'))!;
    const pausedFrom = addDays(officeToday, -3);
    await pauseForm.getByLabel('Reason').fill('Lost her job last week; she will call when she starts the new one.');
    await pausedFromField.fill(pausedFrom);
    await pauseForm.getByRole('button', { name: 'Pause plan' }).click();
    await expect(pauseForm).toBeHidden();
    await expect(panel.getByText(`Paused from ${shownDate(pausedFrom)} until resumed`)).toBeVisible();
    // The plan's badge first, then every instalment from the pause's start on: excused, not missed.
    await expect(panel.getByText('Paused', { exact: true })).toHaveCount(1 + 12);
    await expect(panel).toContainText('Lost her job last week');

    // 3. A collection call now, outside the client's hours: refused before anything is dialled, in the rule's words.
    await page.getByTestId('account-actions').getByRole('button', { name: 'Call', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Click to call' });
    await expect(modal.getByLabel('Phone number')).toHaveValue(formatPhone(phone));
    await modal.getByLabel('Outgoing number').click();
    await page.getByRole('option').first().click();
    const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/call/click2Call');
    await modal.getByRole('button', { name: 'Call', exact: true }).click();
    const response = await placed;
    expect(response.status()).toBe(422);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ collectionAccountId: account.id });
    const refusal = modal.getByTestId('click-to-call-error');
    const rule = window.rule;
    await expect(refusal).toContainText(
      `${CONTACT_REFUSAL_WORDING.calls} to this client are allowed ${hourLabel(rule.earliestHour)} to ` +
        `${hourLabel(rule.latestHour)} their time (${window.timeZone}); it is `,
    );
    await expect(refusal).toContainText(`Next allowed: ${dayWords(window.nextDay)}, ${hourLabel(rule.earliestHour)} `);
    await shoot(page, 'collections-story-call-refused', false);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    await shoot(page, 'collections-story-account', true);

    // 4 (after). The pause moved the collector's figures: one more paused plan, and the active ones as before.
    await openDashboard(page);
    await expect.poll(() => planFigure(page, 'paused')).toBe(pausedBefore + 1);
    expect(await planFigure(page, 'active')).toBe(activeBefore);
    await shoot(page, 'collections-story-dashboard', true);
  } finally {
    if (ownedRule) {
      await api(admin, 'PUT', '/api/v1/collectionContactRule', { ...DEFAULT_CONTACT_RULE, state: OWNED_RULE_STATE });
    }
    await adminContext.close();
  }
});
