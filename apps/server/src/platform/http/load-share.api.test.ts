import http from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKGROUND_PAUSE_FACTOR,
  othersInFlight,
  pauseAfterChunk,
  registerLoadShare,
  sharingTurns,
} from './load-share.ts';

describe('a long list takes turns with the requests in flight', () => {
  it('pauses after a chunk only while others wait, for a multiple of its turn, never long', () => {
    expect(pauseAfterChunk(10, 0)).toBe(0);
    expect(pauseAfterChunk(10, 3)).toBe(10 * BACKGROUND_PAUSE_FACTOR);
    expect(pauseAfterChunk(10_000, 1)).toBe(250);
  });

  describe('counting the requests in flight', () => {
    const app = Fastify();
    let release: () => void = () => undefined;
    let seenInside = -1;
    let baseUrl = '';
    beforeAll(async () => {
      registerLoadShare(app);
      app.get('/held', async () => {
        seenInside = othersInFlight();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { ok: true };
      });
      app.get('/quick', async () => ({ ok: true }));
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(async () => app.close());

    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    };

    it('counts a request until its answer, and one whose client went away until its connection closed', async () => {
      const before = othersInFlight();
      expect((await app.inject({ method: 'GET', url: '/quick' })).statusCode).toBe(200);
      expect(othersInFlight()).toBe(before);

      const request = http.get(`${baseUrl}/held`);
      request.on('error', () => undefined);
      await waitFor(() => seenInside >= 0);
      expect(seenInside).toBe(before + 1);
      request.destroy();
      await waitFor(() => othersInFlight() === before);
      expect(othersInFlight()).toBe(before);
      release();
    });

    it('does not count a live socket’s upgrade, open all day with no one waiting on it', async () => {
      const before = othersInFlight();
      seenInside = -1;
      const upgrade = app.inject({
        method: 'GET',
        url: '/held',
        headers: { connection: 'upgrade', upgrade: 'websocket' },
      });
      await waitFor(() => seenInside >= 0);
      expect(seenInside).toBe(before);
      release();
      await upgrade;
    });

    it('a long list is not one of the others it yields to', async () => {
      const before = othersInFlight();
      async function* chunks() {
        yield 1;
        yield 2;
      }
      const seen: number[] = [];
      for await (const chunk of sharingTurns(chunks())) seen.push(chunk, othersInFlight() - before);
      expect(seen).toEqual([1, -1, 2, -1]);
      expect(othersInFlight()).toBe(before);
    });
  });
});
