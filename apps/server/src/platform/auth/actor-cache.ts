import type { ResolvedUser, UserResolver } from './actor.ts';

/**
 * Every request resolves its caller (user and permissions). Under load that lookup dominates, so it is
 * kept for a few seconds. A change to a user or their permissions bumps the generation, which empties
 * every cache in this process at once; other instances see it within the TTL (DESIGN §1 plans
 * LISTEN/NOTIFY fan-out for that).
 */
let generation = 0;

export function notifyActorsChanged(): void {
  generation++;
}

interface Entry {
  until: number;
  generation: number;
  promise: Promise<ResolvedUser | undefined>;
}

export interface ActorCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
}

export function cachedUserResolver(resolve: UserResolver, options: ActorCacheOptions = {}): UserResolver {
  const ttlMs = options.ttlMs ?? 5_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  return (identity) => {
    // The provider's identity, not the email: two tokens with one address may be two people.
    const key = `${identity.issuer}\n${identity.subject}`;
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.until > now && hit.generation === generation) return hit.promise;
    if (entries.size >= maxEntries) entries.clear();
    // Concurrent requests of one caller share one lookup; a failed or refused lookup is not kept.
    const promise = resolve(identity);
    entries.set(key, { until: now + ttlMs, generation, promise });
    promise.catch(() => entries.delete(key));
    return promise;
  };
}
