import { describe, expect, it, vi } from 'vitest';
import type { ResolvedUser } from './actor.ts';
import { cachedUserResolver, notifyActorsChanged } from './actor-cache.ts';

const someone = { id: 'u1' } as ResolvedUser;

describe('cachedUserResolver', () => {
  it('shares one lookup between concurrent and repeated calls within the TTL, case-insensitively', async () => {
    const lookup = vi.fn(async () => someone);
    const resolve = cachedUserResolver(lookup, { ttlMs: 60_000 });
    await Promise.all([resolve('A@x.test'), resolve('a@x.test'), resolve('a@X.test')]);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('looks again after the TTL', async () => {
    vi.useFakeTimers();
    try {
      const lookup = vi.fn(async () => someone);
      const resolve = cachedUserResolver(lookup, { ttlMs: 1000 });
      await resolve('a@x.test');
      vi.advanceTimersByTime(1001);
      await resolve('a@x.test');
      expect(lookup).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets everything when a user or permission changes', async () => {
    const lookup = vi.fn(async () => someone);
    const resolve = cachedUserResolver(lookup, { ttlMs: 60_000 });
    await resolve('a@x.test');
    notifyActorsChanged();
    await resolve('a@x.test');
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed lookup', async () => {
    const lookup = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(someone);
    const resolve = cachedUserResolver(lookup, { ttlMs: 60_000 });
    await expect(resolve('a@x.test')).rejects.toThrow('database down');
    await expect(resolve('a@x.test')).resolves.toBe(someone);
  });
});
