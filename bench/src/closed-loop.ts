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

/**
 * `workers` callers, each awaiting `run(i)` for the next i of one shared counter (as autocannon rotates
 * bodies), closed loop like the HTTP load: a warm-up, then `durationSeconds` measured. Throughput counts the
 * completions inside the window; latency only the calls also started in it.
 */
export async function closedLoop(
  workers: number,
  durationSeconds: number,
  warmUpSeconds: number,
  run: (i: number) => Promise<unknown>,
): Promise<InProcessLoad> {
  const latencies: number[] = [];
  let completed = 0;
  let next = 0;
  const start = performance.now();
  const measureFrom = start + warmUpSeconds * 1000;
  const measureUntil = measureFrom + durationSeconds * 1000;
  const cpu = measuredCpu([ownCpuClock], warmUpSeconds, durationSeconds);
  const worker = async () => {
    while (performance.now() < measureUntil) {
      const sent = performance.now();
      await run(next++);
      const done = performance.now();
      if (done < measureFrom || done > measureUntil) continue;
      completed++;
      if (sent >= measureFrom) latencies.push(done - sent);
    }
  };
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    cpu.close();
  }
  return {
    connections: workers,
    durationSeconds,
    requestsPerSecond: round(completed / durationSeconds, 1),
    latency: summarize(latencies),
    cpuMsPerRequest: cpu.perRequest(completed)[0]!,
  };
}
