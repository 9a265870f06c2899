import { describe, expect, it } from 'vitest';
import { DEFAULT_SIMULATOR_AUTH_TOKEN, DEMO_SCIM_TOKEN, loadConfig } from './config.ts';

const DATABASE_URL = 'postgres://casedesk@db.internal:5432/casedesk';
const TWILIO = { TWILIO_ACCOUNT_SID: `AC${'5'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'f3c1a9e2b7d64c0e9a8b1c2d3e4f5a6b' };

describe('demo mode and a firm’s server (DESIGN §7)', () => {
  it('is demo mode on the embedded database, and not on DATABASE_URL unless DEMO=true says so', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DATABASE_URL, ...TWILIO }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL, DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false', ...TWILIO }).demo).toBe(false);
  });

  it('a firm’s server needs a real SMS provider: the simulator is for demos', () => {
    expect(() => loadConfig({ DATABASE_URL })).toThrow(/set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN/);
  });

  it('a firm’s server refuses a published default secret', () => {
    expect(() => loadConfig({ DATABASE_URL, ...TWILIO, METRICS_TOKEN: 'casedesk' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ DATABASE_URL, ...TWILIO, TWILIO_AUTH_TOKEN: 'Secret' })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig({ DATABASE_URL, ...TWILIO, GRAPH_CLIENT_SECRET: DEFAULT_SIMULATOR_AUTH_TOKEN })).toThrow(
      /GRAPH_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ DATABASE_URL, ...TWILIO, SCIM_TOKEN: DEMO_SCIM_TOKEN })).toThrow(/SCIM_TOKEN/);
  });

  it('SCIM has the published token in demo mode only; a firm’s server has none until SCIM_TOKEN is set', () => {
    expect(loadConfig({}).scimToken).toBe(DEMO_SCIM_TOKEN);
    expect(loadConfig({ DATABASE_URL, ...TWILIO }).scimToken).toBeUndefined();
    const own = 'a-long-scim-token-of-the-firms-own';
    expect(loadConfig({ DATABASE_URL, ...TWILIO, SCIM_TOKEN: own }).scimToken).toBe(own);
  });

  it('demo mode never runs in production; a firm’s server may', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /Demo mode .* refuses to start with NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL, DEMO: 'true' })).toThrow(/Demo mode/);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL, ...TWILIO }).demo).toBe(false);
  });
});
