import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createProvider, simulatesDeliveryStatus } from './create-provider.ts';
import type { WebhookLoopback } from './webhook-loopback.ts';

const TWILIO = { TWILIO_ACCOUNT_SID: `AC${'3'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'secret' };
/** Selection never posts; a loopback that would say so if it did. */
const loopback: WebhookLoopback = {
  post: () => Promise.reject(new Error('not expected')),
  schedule: () => {
    throw new Error('not expected');
  },
};

describe('createProvider (DESIGN §1)', () => {
  it('is Twilio only with both credentials, else the local simulator', () => {
    expect(createProvider(loadConfig({}), loopback).name).toBe('local');
    expect(createProvider(loadConfig({ TWILIO_ACCOUNT_SID: TWILIO.TWILIO_ACCOUNT_SID }), loopback).name).toBe('local');
    expect(createProvider(loadConfig(TWILIO), loopback).name).toBe('twilio');
  });

  it('simulates delivery callbacks by default, except under test or when turned off', () => {
    expect(simulatesDeliveryStatus(loadConfig({}))).toBe(true);
    expect(simulatesDeliveryStatus(loadConfig({ NODE_ENV: 'test' }))).toBe(false);
    expect(simulatesDeliveryStatus(loadConfig({ NODE_ENV: 'test', SIMULATOR_AUTO_STATUS: 'true' }))).toBe(true);
    expect(simulatesDeliveryStatus(loadConfig({ SIMULATOR_AUTO_STATUS: 'false' }))).toBe(false);
  });
});
