import type { CpuClock } from './process-cpu.ts';
import { measuredCpu, ownCpuClock } from './process-cpu.ts';
import type { Summary } from './stats.ts';
import { round, summarize } from './stats.ts';

/** A load run in this process: what a route's bare SQL or its service call reached at the route's concurrency. */
export interface InProcessLoad {
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latency: Summary;
  /** This process's CPU time per completed request in the measured window (ms): the driver's, or the service's. */
  cpuMsPerRequest: number;
}

export interface LoopRun {
  /** Calls that completed inside the measured window. */
  completed: number;
  /** CPU ms per completed call in the window, one figure per clock, in the clocks' order. */
  cpuMsPerRequest: number[];
}

/**
 * `workers` callers, each awaiting `run(i, worker)` for the next i of one shared counter (so every caller sends
 * the next body of a rotation), closed loop: a warm-up, then `durationSeconds` measured. A call that completes
 * inside the window is passed to `completed` with its latency in ms, or undefined when it was sent before the
 * window opened (its wait began in the warm-up), and counted unless `completed` answers false (a failed
 * request: no throughput, and no share of the CPU per request). `signal` ends the loop early (Ctrl-C).
 */
export async function runClosedLoop<T>(options: {
  workers: number;
  durationSeconds: number;
  warmUpSeconds: number;
  clocks: CpuClock[];
  run: (i: number, worker: number) => Promise<T>;
  completed?: (result: T, latencyMs: number | undefined) => boolean | void;
  signal?: AbortSignal;
}): Promise<LoopRun> {
  const { workers, durationSeconds, warmUpSeconds, run, signal } = options;
  let completed = 0;
  let next = 0;
  const start = performance.now();
  const measureFrom = start + warmUpSeconds * 1000;
  const measureUntil = measureFrom + durationSeconds * 1000;
  const cpu = measuredCpu(options.clocks, warmUpSeconds, durationSeconds);
  const worker = async (_: unknown, index: number) => {
    while (performance.now() < measureUntil && !signal?.aborted) {
      const sent = performance.now();
      const result = await run(next++, index);
      const done = performance.now();
      if (done < measureFrom || done > measureUntil) continue;
      if (options.completed?.(result, sent >= measureFrom ? done - sent : undefined) !== false) completed++;
    }
  };
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    cpu.close();
  }
  return { completed, cpuMsPerRequest: cpu.perRequest(completed) };
}

/** The bare SQL's or the service call's load in this process: `runClosedLoop` on this process's CPU clock. */
export async function closedLoop(
  workers: number,
  durationSeconds: number,
  warmUpSeconds: number,
  run: (i: number) => Promise<unknown>,
): Promise<InProcessLoad> {
  const latencies: number[] = [];
  const loop = await runClosedLoop({
    workers,
    durationSeconds,
    warmUpSeconds,
    clocks: [ownCpuClock],
    run,
    completed: (_, latency) => {
      if (latency !== undefined) latencies.push(latency);
    },
  });
  return {
    connections: workers,
    durationSeconds,
    requestsPerSecond: round(loop.completed / durationSeconds, 1),
    latency: summarize(latencies),
    cpuMsPerRequest: loop.cpuMsPerRequest[0]!,
  };
}
