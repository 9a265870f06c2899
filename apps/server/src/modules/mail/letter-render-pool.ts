import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { LetterContent } from './letter-pdf.ts';
import { renderLetterPdf } from './letter-pdf.ts';

/**
 * Prints letters on worker threads, so a batch of thousands neither holds the event loop (requests, and on the
 * embedded database every query, run there) nor uses one core only. Threads start with the first letter and stop
 * after a while without work. A thread that cannot start or fails leaves its letters to the main thread: a
 * slower batch, never a lost letter.
 */

type Rendered = { pdf: Buffer; pages: number };
interface Pending {
  resolve: (value: Rendered) => void;
  reject: (error: Error) => void;
}

const IDLE_MS = 30_000;

export interface LetterRenderPool {
  render(letter: LetterContent): Promise<Rendered>;
  close(): Promise<void>;
}

export function createLetterRenderPool(size = Math.max(1, Math.min(4, os.availableParallelism()))): LetterRenderPool {
  let workers: { worker: Worker; busy: number }[] = [];
  let broken = false;
  let nextId = 0;
  const pending = new Map<number, Pending>();
  let idleTimer: NodeJS.Timeout | undefined;

  const stopAll = async () => {
    const stopping = workers;
    workers = [];
    await Promise.all(stopping.map(({ worker }) => worker.terminate()));
  };

  const start = () => {
    for (let i = workers.length; i < size; i += 1) {
      const worker = new Worker(new URL('./letter-render.worker.mjs', import.meta.url));
      const slot = { worker, busy: 0 };
      worker.unref();
      worker.on('message', (message: { id: number; pdf?: Uint8Array; pages?: number; error?: string }) => {
        const request = pending.get(message.id);
        if (!request) return;
        pending.delete(message.id);
        slot.busy -= 1;
        if (message.error !== undefined || !message.pdf) request.reject(new Error(message.error ?? 'No PDF'));
        else
          request.resolve({
            pdf: Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength),
            pages: message.pages!,
          });
      });
      worker.on('error', () => {
        // The thread could not start (or died): the main thread prints from now on.
        broken = true;
        workers = workers.filter((w) => w !== slot);
        for (const [id, request] of pending) {
          pending.delete(id);
          request.reject(new Error('The letter-printing thread stopped'));
        }
      });
      workers.push(slot);
    }
  };

  const armIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void stopAll(), IDLE_MS);
    idleTimer.unref();
  };

  return {
    async render(letter) {
      if (broken) return renderLetterPdf(letter);
      start();
      armIdle();
      const slot = workers.reduce((a, b) => (b.busy < a.busy ? b : a));
      const id = (nextId += 1);
      slot.busy += 1;
      try {
        return await new Promise<Rendered>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          slot.worker.postMessage({ id, letter });
        });
      } catch {
        return renderLetterPdf(letter);
      }
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      await stopAll();
    },
  };
}
