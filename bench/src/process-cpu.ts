import fs from 'node:fs';
import { round } from './stats.ts';

/** Linux reports a process's CPU time in clock ticks of 1/100 s (USER_HZ, `getconf CLK_TCK`). */
const TICKS_PER_MS = 100 / 1000;

/** Reads a process's CPU time so far, user and system, in ms. */
export type CpuClock = () => number;

/**
 * A process and its children: with SERVER_PROCESSES above one the server is a cluster primary and its workers
 * (each worker's own threads are in its figures). A child that has ended is no longer listed.
 */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    const listed = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    children = listed ? listed.split(' ').map(Number) : [];
  } catch {
    // No such file (an older kernel): only the process itself.
  }
  return [pid, ...children];
}

/**
 * A figure read from `/proc/<pid>/<file>` of a process and of its children (processTree), added up. The
 * process itself must be readable (a server that is gone throws, never reads as zero); a child that ended
 * between the listing and the reading counts nothing.
 */
export function summedOverProcesses(pid: number, file: string, figure: (text: string) => number): number {
  return processTree(pid).reduce((sum, one) => {
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${one}/${file}`, 'utf8');
    } catch (error) {
      if (one === pid) throw error;
      return sum;
    }
    return sum + figure(text);
  }, 0);
}

/** CPU time in a `/proc/<pid>/stat`, user and system, in ms. */
function cpuMsOfStat(stat: string): number {
  // Fields after the command name, which is in parentheses and may hold spaces: state is field 3,
  // utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
}

/** The server's CPU time so far, read from /proc (another process: process.cpuUsage() cannot see it). */
export function processCpuClock(pid: number): CpuClock {
  return () => summedOverProcesses(pid, 'stat', cpuMsOfStat);
}

/** This process's CPU time so far, in ms (the bench's own: the load generator, the replay, a service call). */
export const ownCpuClock: CpuClock = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * CPU time over one measured window: `start()` as the window opens, `end()` as it closes (timers, so calls
 * still in flight after it do not count), then `perRequest(completed)` in ms. A clock that cannot be read
 * (no /proc) gives NaN, never a throw.
 */
function cpuWindow(clock: CpuClock): { start(): void; end(): void; perRequest(requests: number): number } {
  const read = () => {
    try {
      return clock();
    } catch {
      return Number.NaN;
    }
  };
  let startedAt = Number.NaN;
  let endedAt = Number.NaN;
  return {
    start: () => {
      startedAt = read();
    },
    // Once: the run's own end may come a moment before the timer that closes the window, and ends it then.
    end: () => {
      if (Number.isNaN(endedAt)) endedAt = read();
    },
    perRequest: (requests) => (requests > 0 ? (endedAt - startedAt) / requests : Number.NaN),
  };
}

/**
 * CPU windows over a load's measured span, one per clock, opened and closed by timers from now: the window
 * opens after `warmUpSeconds` and closes `durationSeconds` later, so calls still in flight after it do not
 * count. `close()` when the run is over (it also ends a window the run's own end came before); then
 * `perRequest(completed)` gives each clock's CPU ms per request, in the clocks' order.
 */
export function measuredCpu(
  clocks: CpuClock[],
  warmUpSeconds: number,
  durationSeconds: number,
): { close(): void; perRequest(completed: number): number[] } {
  const windows = clocks.map(cpuWindow);
  const timers = [
    setTimeout(() => windows.forEach((w) => w.start()), warmUpSeconds * 1000),
    setTimeout(() => windows.forEach((w) => w.end()), (warmUpSeconds + durationSeconds) * 1000),
  ];
  return {
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      for (const w of windows) w.end();
    },
    perRequest: (completed) => windows.map((w) => round(w.perRequest(completed), 3)),
  };
}
