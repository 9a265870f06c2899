import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const HEALTH_POLL_MS = 20;
const HEALTHY_TIMEOUT_MS = 120_000;
// The server forces its own exit after 15 s of draining; past that it is stuck and gets SIGKILL.
const STOP_TIMEOUT_MS = 20_000;
const LOG_TAIL_LINES = 40;

export interface ServerProcess {
  baseUrl: string;
  /**
   * The server's own process (node itself, not a wrapper), for its CPU and memory: with SERVER_PROCESSES above
   * one, the cluster primary, whose workers the readings add in (process-cpu.ts summedOverProcesses).
   */
  pid: number;
  /** How many processes serve requests: one unless SERVER_PROCESSES says otherwise. */
  processes: number;
  /** Spawn → first 200 from GET /api/health, in milliseconds. */
  coldStartMs: number;
  /** The server's last output lines, for error messages. */
  logTail(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Keeps the last lines of a child's output so a failed start can say why, without buffering everything. */
function collectTail(child: ChildProcess): () => string {
  const lines: string[] = [];
  const take = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > LOG_TAIL_LINES) lines.splice(0, lines.length - LOG_TAIL_LINES);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return () => lines.join('\n');
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited(child);
  clearTimeout(timer);
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false; // not listening yet
  }
}

export interface StartServerOptions {
  repoRoot: string;
  /** DATA_DIR or DATABASE_URL: the already-seeded store. */
  databaseEnv: Record<string, string>;
  /** Called as soon as the child exists, so an interrupted start still stops it. */
  onSpawn: (stop: () => Promise<void>) => void;
  extraNodeArgs?: string[];
}

/**
 * What runs: the compiled server, as `npm start` runs it (built once per bench run), or with
 * BENCH_SERVER_FROM_SOURCE=1 the TypeScript through tsx, to compare the two (cold start, CPU).
 */
let compiled = false;
function serverEntry(repoRoot: string): string[] {
  if (process.env.BENCH_SERVER_FROM_SOURCE === '1') return ['--import', 'tsx', 'apps/server/src/server.ts'];
  if (!compiled) {
    const build = spawnSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: repoRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`The server build failed:\n${build.stderr}`);
    compiled = true;
  }
  return ['--enable-source-maps', 'apps/server/dist/server.mjs'];
}

/** Starts the real server as `npm start` would and times it until it answers healthy. */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  // The issuer is derived from PUBLIC_URL; it must equal the address the bench signs in at.
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.databaseEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    // The bench signs in as the demo accounts on either engine (demo mode is off by default on PostgreSQL).
    DEMO: 'true',
  };
  // One process unless SERVER_PROCESSES asks for more (`npm start` runs one per CPU on PostgreSQL): on a
  // two-core machine that PostgreSQL and the load generator share, two processes served a few more searches a
  // second for more CPU per request, and the figures of record stay comparable (docs/budgets.md).
  const processes = Number(process.env.SERVER_PROCESSES ?? 1);
  env.SERVER_PROCESSES = String(processes);
  // Demo mode refuses NODE_ENV=production (DESIGN §7), and the bench's own environment must not leak in.
  delete env.NODE_ENV;
  if (!options.databaseEnv.DATABASE_URL) delete env.DATABASE_URL;

  const started = performance.now();
  const child = spawn(process.execPath, [...(options.extraNodeArgs ?? []), ...serverEntry(options.repoRoot)], {
    cwd: options.repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logTail = collectTail(child);
  const stop = () => stopChild(child);
  options.onSpawn(stop);

  const healthUrl = `${baseUrl}/api/health`;
  while (!(await isHealthy(healthUrl))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${logTail()}`);
    }
    if (performance.now() - started > HEALTHY_TIMEOUT_MS) {
      throw new Error(`The server was not healthy after ${HEALTHY_TIMEOUT_MS} ms:\n${logTail()}`);
    }
    await sleep(HEALTH_POLL_MS);
  }
  return { baseUrl, pid: child.pid!, processes, coldStartMs: performance.now() - started, logTail, stop };
}
