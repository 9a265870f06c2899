import { describe, expect, it } from 'vitest';
import type { HitGroup } from './grouped-hits.ts';
import { groupedHits } from './grouped-hits.ts';

/** A counter table in memory, answering a batch when the test lets it (one batch in flight at a time). */
function heldCounter() {
  const counts = new Map<string, number>();
  const batches: HitGroup[][] = [];
  const releases: (() => void)[] = [];
  let failNext: Error | undefined;
  const add = (groups: HitGroup[]) => {
    batches.push(groups.map((g) => ({ ...g })));
    return new Promise<number[]>((resolve, reject) => {
      releases.push(() => {
        if (failNext) {
          reject(failNext);
          failNext = undefined;
          return;
        }
        resolve(
          groups.map((g) => {
            const key = `${g.bucket}/${g.userId}/${g.windowStart}`;
            const total = (counts.get(key) ?? 0) + g.by;
            counts.set(key, total);
            return total;
          }),
        );
      });
    });
  };
  const releaseNext = async () => {
    releases.shift()!();
    // Let the answered batch settle and the next one be sent.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { add, batches, releaseNext, failNextWith: (error: Error) => (failNext = error) };
}

describe('groupedHits', () => {
  it('sends a hit at once when nothing is in flight', async () => {
    const counter = heldCounter();
    const hit = groupedHits(counter.add);
    const first = hit('search', 'u1', 0);
    expect(counter.batches).toEqual([[{ bucket: 'search', userId: 'u1', windowStart: 0, by: 1 }]]);
    await counter.releaseNext();
    expect(await first).toBe(1);
  });

  it('hits made while a count is in flight go together next, each with its own place in the count', async () => {
    const counter = heldCounter();
    const hit = groupedHits(counter.add);
    const first = hit('search', 'u1', 0);
    const waiting = [
      hit('search', 'u1', 0),
      hit('search', 'u2', 0),
      hit('search', 'u1', 0),
      hit('export', 'u1', 0),
      hit('search', 'u1', 60_000),
    ];
    expect(counter.batches).toHaveLength(1);
    await counter.releaseNext();
    expect(counter.batches[1]).toEqual([
      { bucket: 'search', userId: 'u1', windowStart: 0, by: 2 },
      { bucket: 'search', userId: 'u2', windowStart: 0, by: 1 },
      { bucket: 'export', userId: 'u1', windowStart: 0, by: 1 },
      { bucket: 'search', userId: 'u1', windowStart: 60_000, by: 1 },
    ]);
    await counter.releaseNext();
    expect(await first).toBe(1);
    // u1's two searches in the first window follow the first one, in the order they were made.
    expect(await Promise.all(waiting)).toEqual([2, 1, 3, 1, 1]);
  });

  it('a failed batch fails each of its hits, and later hits are counted again', async () => {
    const counter = heldCounter();
    const hit = groupedHits(counter.add);
    counter.failNextWith(new Error('connection lost'));
    const lost = [hit('search', 'u1', 0), hit('search', 'u1', 0)];
    const lostResults = Promise.allSettled(lost);
    await counter.releaseNext();
    await counter.releaseNext();
    const results = await lostResults;
    expect(results[0]).toMatchObject({ status: 'rejected', reason: new Error('connection lost') });
    expect(results[1]).toMatchObject({ status: 'fulfilled', value: 1 });
    const later = hit('search', 'u1', 0);
    await counter.releaseNext();
    expect(await later).toBe(2);
  });

  it('a batch answered without a group total fails, rather than answering a wrong count', async () => {
    const hit = groupedHits(async () => []);
    await expect(hit('search', 'u1', 0)).rejects.toThrow('No count came back for hit group 0 of 1');
  });
});
