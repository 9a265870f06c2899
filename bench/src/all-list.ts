import { setTimeout as sleep } from 'node:timers/promises';
import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import type { LoadResult, RouteTarget } from './load.ts';
import { loadRoute, WARM_UP_SECONDS } from './load.ts';
import { round } from './stats.ts';
import { summedOverProcesses } from './process-cpu.ts';

/** What --route matches to run the "All" case alone. */
export const ALL_LIST_ROUTE = 'POST /api/v1/client/search "All"';
const RSS_SAMPLE_MS = 100;
const MB = 1024 * 1024;

/** How the server fared while client search was asked for "All" (SPEC §2) over and over, beside normal searches. */
export interface AllListResult {
  /** The normal searches on their own, then with the "All" lists running beside them, in the same run. */
  withoutAll: LoadResult;
  withAll: LoadResult;
  /** withAll p99 / withoutAll p99. */
  p99Ratio: number;
  /** "All" lists read to the end during the measured load; rows and bytes of the first. */
  lists: number;
  rows: number;
  megabytes: number;
  /** The first list's time to its last byte, in seconds. */
  seconds: number;
  /**
   * The warm-up list, the first of the server's life, read alone: V8 lets the garbage of a fresh process's
   * first long run pile up to its initial heap limit before its first full collection (the list goes on
   * after it at a flat heap). Reported, not judged: the budget is about what a list holds.
   */
  firstListRssGrowthMb: number;
  /** The server's resident memory at its highest while the normal searches ran alone, and with "All" beside them. */
  rssPeakWithoutMb: number;
  rssPeakWithMb: number;
  rssGrowthMb: number;
}

/** The server's resident set from /proc (Linux, where the bench runs), summed over its processes. */
export function residentBytes(pid: number): number {
  return summedOverProcesses(pid, 'status', (status) => {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : Number.NaN;
  });
}

/** The highest RSS of the process while `work` runs. */
export async function peakRss<T>(pid: number, work: Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = residentBytes(pid);
  let done = false;
  const sampling = (async () => {
    while (!done) {
      peak = Math.max(peak, residentBytes(pid));
      await sleep(RSS_SAMPLE_MS);
    }
  })();
  try {
    return { result: await work, peak };
  } finally {
    done = true;
    await sampling;
  }
}

interface ReadList {
  bytes: number;
  seconds: number;
  totalCount: number;
}

/** One "All" list read to its last byte and dropped as it comes, as a browser saving it would. */
async function readAllList(baseUrl: string, token: string): Promise<ReadList> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/client/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pageNumber: 1, pageSize: PAGE_SIZE_ALL, filter: {} }),
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`"All" answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  let bytes = 0;
  let last = Buffer.alloc(0);
  // Only the end is decoded (it holds the total): the bench shares the machine's cores with the server.
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    last = Buffer.concat([last.subarray(-200), chunk.subarray(-200)]);
  }
  const tail = last.toString('utf8');
  const totalCount = Number(/"totalCount":(\d+)/.exec(tail)?.[1] ?? Number.NaN);
  if (!tail.endsWith('}') || Number.isNaN(totalCount)) throw new Error(`"All" ended short: …${tail}`);
  return { bytes, seconds: (performance.now() - started) / 1000, totalCount };
}

/**
 * One "All" list to warm up (as every route is warmed up before it is measured), then the normal searches
 * at `connections` for `duration` s, then the same again with "All" lists read one after another beside
 * them from the end of the warm-up to the end of the load. Both halves sample the server's RSS, so the
 * growth is what the lists added, not what the load itself holds.
 */
export async function measureAllList(
  baseUrl: string,
  serverPid: number,
  search: RouteTarget,
  token: string,
  connections: number,
  duration: number,
): Promise<AllListResult> {
  const beforeWarmUp = residentBytes(serverPid);
  const warmUp = await peakRss(serverPid, readAllList(baseUrl, token));
  const without = await peakRss(serverPid, loadRoute(baseUrl, search, token, connections, duration));
  const read: ReadList[] = [];
  let loading = true;
  const lists = (async () => {
    await sleep(WARM_UP_SECONDS * 1000);
    while (loading) read.push(await readAllList(baseUrl, token));
  })();
  const load = loadRoute(baseUrl, search, token, connections, duration).finally(() => {
    loading = false;
  });
  const withAll = await peakRss(serverPid, Promise.all([load, lists]));
  const [first] = read;
  if (!first) throw new Error('No "All" list was read during the load');
  return {
    withoutAll: without.result,
    withAll: withAll.result[0],
    p99Ratio: round(withAll.result[0].latency.p99 / without.result.latency.p99, 2),
    lists: read.length,
    rows: first.totalCount,
    megabytes: round(first.bytes / MB, 1),
    seconds: round(first.seconds, 1),
    firstListRssGrowthMb: round((warmUp.peak - beforeWarmUp) / MB, 1),
    rssPeakWithoutMb: round(without.peak / MB, 1),
    rssPeakWithMb: round(withAll.peak / MB, 1),
    rssGrowthMb: round((withAll.peak - without.peak) / MB, 1),
  };
}
