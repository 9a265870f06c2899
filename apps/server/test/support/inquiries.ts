import type { TestApp } from './test-app.ts';
import { SEEDED } from './test-app.ts';

export const newClient = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maria',
  lastName: 'Gonzalez',
  dateOfBirth: '04-12-1985',
  primaryNumber: '(213) 555-0142',
  ...overrides,
});

/** Creates an inquiry through the API as the admin (unscoped) for an office. */
export async function createInquiryIn(t: TestApp, officeId: string, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/inquiry',
    headers: await t.authFor(SEEDED.admin),
    payload: { client: newClient(), officeId, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; clientId: string };
}
