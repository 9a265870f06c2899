import { describe, expect, it, vi } from 'vitest';
import { createRefreshBatcher, type BatcherClock } from './refresh-batcher.ts';

/** A clock that moves only when told, with the timers due by then run in order. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: BatcherClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      due.run();
    }
  };
  return { clock, advance, pending: () => timers.length };
}

describe('createRefreshBatcher', () => {
  it('refreshes at once for the first event after a quiet spell', () => {
    const { clock } = fakeClock();
    const refresh = vi.fn();
    createRefreshBatcher(refresh, 5_000, clock).notify();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('gathers the events of the next 5 s into one refresh at its end', () => {
    const { clock, advance } = fakeClock();
    const refresh = vi.fn();
    const batcher = createRefreshBatcher(refresh, 5_000, clock);
    batcher.notify();
    for (let i = 0; i < 100; i++) {
      advance(40);
      batcher.notify();
    }
    expect(refresh).toHaveBeenCalledTimes(1);
    advance(5_000 - 4_000 - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    advance(1);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('never refreshes twice within the interval, whatever the events', () => {
    const { clock, advance } = fakeClock();
    const times: number[] = [];
    const batcher = createRefreshBatcher(() => times.push(clock.now()), 5_000, clock);
    for (let t = 0; t < 60_000; t += 700) {
      batcher.notify();
      advance(700);
    }
    expect(times.length).toBeGreaterThan(5);
    times.slice(1).forEach((at, i) => expect(at - times[i]!).toBeGreaterThanOrEqual(5_000));
  });

  it('refreshes nothing when no event came', () => {
    const { clock, advance } = fakeClock();
    const refresh = vi.fn();
    createRefreshBatcher(refresh, 5_000, clock);
    advance(60_000);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('drops a waiting refresh once stopped (the page was left)', () => {
    const { clock, advance, pending } = fakeClock();
    const refresh = vi.fn();
    const batcher = createRefreshBatcher(refresh, 5_000, clock);
    batcher.notify();
    batcher.notify();
    expect(pending()).toBe(1);
    batcher.stop();
    advance(10_000);
    batcher.notify();
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
