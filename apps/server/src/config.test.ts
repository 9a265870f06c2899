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
