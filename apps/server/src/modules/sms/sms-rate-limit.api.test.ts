import { SMS_MESSAGES } from '@casedesk/contract/sms/sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import type { SmsRefs } from './sms.test-support.ts';
import { injector, SEEDED, sendBody, smsRefs } from './sms.test-support.ts';

let t: TestApp;
let refs: SmsRefs;
let call: ReturnType<typeof injector>;
beforeAll(async () => {
  // DESIGN §7: texts cost money; the limit is per user and configurable (the bench raises it). The clock
  // stands still, so the count never straddles a window's edge.
  const now = Date.UTC(2026, 0, 5, 9, 30, 10);
  t = await createTestApp({ SMS_RATE_LIMIT_PER_MINUTE: '3' }, { rateLimitClock: () => now });
  refs = await smsRefs(t);
  call = injector(t);
});
afterAll(async () => t?.close());

const send = (as: string, body: unknown) => call('POST', '/api/v1/sms/send', as, body);

describe('rate limit on sending (per user)', () => {
  it('429 with a clear message past the limit; invalid requests do not count; other users are unaffected', async () => {
    expect((await send(SEEDED.operator, sendBody(refs, { body: '' }))).statusCode).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await send(SEEDED.operator, sendBody(refs))).statusCode).toBe(200);
    const limited = await send(SEEDED.operator, sendBody(refs));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: SMS_MESSAGES.rateLimited });
    expect(limited.headers['retry-after']).toBe('50');
    // Retries and chat options draw on the same budget (the limit answers before the text is looked up).
    const anyId = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/v1/sms/retry?id=${anyId}`, SEEDED.operator)).statusCode).toBe(429);
    expect((await send(SEEDED.manager, sendBody(refs))).statusCode).toBe(200);
  });
});
