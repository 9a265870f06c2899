import { describe, expect, it, vi } from 'vitest';
import type { ResolvedUser, TokenIdentity } from './actor.ts';
import { IdentityRefused } from './actor.ts';
import { cachedUserResolver, notifyActorsChanged } from './actor-cache.ts';

const someone = { id: 'u1' } as ResolvedUser;
const identity = (subject: string, email = 'a@x.test'): TokenIdentity => ({
  issuer: 'https://idp.test',
  subject,
  email,
  emailTrusted: true,
});

describe('cachedUserResolver', () => {
  it('shares one lookup between concurrent and repeated calls of one identity within the TTL', async () => {
    const lookup = vi.fn(async () => someone);
    const resolve = cachedUserResolver(lookup, { ttlMs: 60_000 });
    await Promise.all([resolve(identity('s1')), resolve(identity('s1')), resolve(identity('s1', 'renamed@x.test'))]);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('keys by issuer and subject, never by email: another subject with the same email is looked up', async () => {
    const lookup = vi.fn(async () => someone);
    const resolve = cachedUserResolver(lookup, { ttlMs: 60_000 });
    await resolve(identity('s1'));
    await resolve(identity('s2'));
    await resolve({ ...identity('s1'), issuer: 'https://other.test' });
    expect(lookup).toHaveBeenCalledTimes(3);
  });

  it('does not keep a refusal', async () => {
    const lookup = vi.fn().mockRejectedValueOnce(new IdentityRefused('EMAIL_NOT_TRUSTED')).mockResolvedValue(someone);
    const resolve = cachedUserResolver(lookup, { ttlMs: 60_000 });
    await expect(resolve(identity('s1'))).rejects.toBeInstanceOf(IdentityRefused);
    await expect(resolve(identity('s1'))).resolves.toBe(someone);
  });

  it('looks again after the TTL', async () => {
    vi.useFakeTimers();
    try {
      const lookup = vi.fn(async () => someone);
      const resolve = cachedUserResolver(lookup, { ttlMs: 1000 });
      await resolve(identity('s1'));
      vi.advanceTimersByTime(1001);
      await resolve(identity('s1'));
      expect(lookup).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets everything when a user or permission changes', async () => {
    const lookup = vi.fn(async () => someone);
    const resolve = cachedUserResolver(lookup, { ttlMs: 60_000 });
    await resolve(identity('s1'));
    notifyActorsChanged();
    await resolve(identity('s1'));
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed lookup', async () => {
    const lookup = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(someone);
    const resolve = cachedUserResolver(lookup, { ttlMs: 60_000 });
    await expect(resolve(identity('s1'))).rejects.toThrow('database down');
    await expect(resolve(identity('s1'))).resolves.toBe(someone);
  });
});
