import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { accessToken, signIn, USERS } from './support/session.ts';
import { NARROW, seriousViolations, setWidth, WIDE } from './support/shell.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(dir, { recursive: true });

const INVALID = 'This appointment link is invalid or has expired.';

/**
 * Signed in as the admin, the signed client link (GET /appointment/link/{id}) of a future seeded
 * appointment whose attorney has a Zoom link.
 */
async function linkOfAFutureAppointment(page: Page): Promise<{ url: string; attorneyName: string }> {
  await signIn(page, USERS.admin);
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const list = await page.request.post('/api/v1/appointment/all', {
    headers,
    data: { pageNumber: 1, pageSize: 20, filter: { dateFrom: new Date().toISOString() } },
  });
  expect(list.ok(), await list.text()).toBe(true);
  const items = ((await list.json()) as { items: { id: string; attorneyName: string }[] }).items;
  for (const item of items) {
    const link = await page.request.get(`/api/v1/appointment/link/${item.id}`, { headers });
    expect(link.ok(), await link.text()).toBe(true);
    const { url } = (await link.json()) as { url: string };
    const detail = await page.request.get(
      `/api/v1/public/appointment-detail?token=${new URL(url).searchParams.get('token')}`,
    );
    expect(detail.ok(), await detail.text()).toBe(true);
    if (((await detail.json()) as { zoomLink: string | null }).zoomLink)
      return { url, attorneyName: item.attorneyName };
  }
  throw new Error('No future seeded appointment with a Zoom link');
}

// The /pnc and /appt-detail pages: a client opens the link from a text message, without signing in.
test('a signed link shows the appointment without sign-in; a tampered one shows the plain message', async ({
  page,
  browser,
}) => {
  const { url, attorneyName } = await linkOfAFutureAppointment(page);
  expect(url).toMatch(/\/appt-detail\?token=[\w-]+\.[\w-]+$/);

  // A fresh browser: no session, no stored token.
  const client = await browser.newContext({ viewport: { width: WIDE, height: 800 }, reducedMotion: 'reduce' });
  const visitor = await client.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { name: 'Your appointment' })).toBeVisible();
  await expect(visitor).toHaveURL(/\/appt-detail\?token=/);
  await expect(visitor.getByText(attorneyName)).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Join Zoom meeting' })).toHaveAttribute(
    'href',
    /^https:\/\/zoom\.us\//,
  );
  for (const width of [WIDE, NARROW]) {
    await setWidth(visitor, width);
    await visitor.screenshot({ path: path.join(dir, `appointment-detail-${width}.png`), fullPage: true });
  }
  expect(await seriousViolations(visitor)).toEqual([]);

  // /pnc shows the same appointment.
  await visitor.goto(url.replace('/appt-detail?', '/pnc?'));
  await expect(visitor.getByText(attorneyName)).toBeVisible();

  // One character of the token changed: nothing but the plain message.
  const token = new URL(url).searchParams.get('token')!;
  const tampered = `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;
  await visitor.goto(`/appt-detail?token=${tampered}`);
  await expect(visitor.getByText(INVALID)).toBeVisible();
  await expect(visitor.getByText(attorneyName)).toHaveCount(0);
  for (const width of [WIDE, NARROW]) {
    await setWidth(visitor, width);
    await visitor.screenshot({ path: path.join(dir, `appointment-detail-invalid-${width}.png`), fullPage: true });
  }
  expect(await seriousViolations(visitor)).toEqual([]);
  await client.close();
});
