import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Long lists ("All", exports) are background work beside the requests people are waiting on: one list of a
 * million clients takes a core for many seconds, in the one thread every request shares. While other
 * requests are in flight a long list pauses after each chunk for BACKGROUND_PAUSE_FACTOR times what the
 * chunk took, so it keeps at most a third of the thread; on a quiet server it runs at full speed.
 */
export const BACKGROUND_PAUSE_FACTOR = 2;
const MAX_PAUSE_MS = 250;

let inFlight = 0;
let longLists = 0;

/**
 * Counts the requests in flight, each until its connection is done with it (finished or cut). A live socket's
 * upgrade is not one: it stays open all day, and no one waits on it.
 */
export function registerLoadShare(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') {
      done();
      return;
    }
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  });
}

/** Requests in flight other than the long lists themselves. */
export function othersInFlight(): number {
  return inFlight - longLists;
}

/** How long a long list waits after a chunk whose turn took `spentMs`, with `others` requests in flight. */
export function pauseAfterChunk(spentMs: number, others: number): number {
  return others > 0 ? Math.min(spentMs * BACKGROUND_PAUSE_FACTOR, MAX_PAUSE_MS) : 0;
}

/**
 * Chunks of a long list, taking turns with the requests in flight: after each chunk has been used (read,
 * written out), a pause of BACKGROUND_PAUSE_FACTOR times that chunk's whole turn while others are waiting.
 */
export async function* sharingTurns<T>(chunks: AsyncIterable<T>): AsyncGenerator<T> {
  longLists += 1;
  try {
    let turnStarted = performance.now();
    for await (const chunk of chunks) {
      yield chunk;
      const pause = pauseAfterChunk(performance.now() - turnStarted, othersInFlight());
      await (pause > 0 ? sleep(pause) : nextTurn());
      turnStarted = performance.now();
    }
  } finally {
    longLists -= 1;
  }
}
