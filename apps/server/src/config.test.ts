import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to three connections per CPU, at least 4', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(Math.max(4, 3 * os.availableParallelism()));
  });

  it('takes a number from the environment and refuses nonsense', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).DATABASE_POOL_SIZE).toBe(12);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow();
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow();
  });
});

describe('SERVER_PROCESSES', () => {
  const postgres = 'postgres://casedesk@127.0.0.1:5432/casedesk';

  it('runs one process per CPU on PostgreSQL, one on the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: postgres, DEMO: 'true' }).serverProcesses).toBe(os.availableParallelism());
    expect(loadConfig({}).serverProcesses).toBe(1);
    expect(loadConfig({ DATABASE_URL: postgres, DEMO: 'true', SERVER_PROCESSES: '3' }).serverProcesses).toBe(3);
  });

  it('refuses more than one process on the embedded database, and nonsense', () => {
    expect(() => loadConfig({ SERVER_PROCESSES: '2' })).toThrow(/needs DATABASE_URL/);
    expect(loadConfig({ SERVER_PROCESSES: '1' }).serverProcesses).toBe(1);
    expect(() => loadConfig({ DATABASE_URL: postgres, DEMO: 'true', SERVER_PROCESSES: '0' })).toThrow();
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, and takes a comma-separated list of addresses and ranges', () => {
    expect(loadConfig({}).trustedProxies).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' , ' }).trustedProxies).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback' }).trustedProxies).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
    ]);
  });

  it('refuses to start on an entry that is not an address, a range or a known name', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY: invalid IP address/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
