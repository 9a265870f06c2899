import { LETTER_MESSAGES } from '@casedesk/contract/mail/letter';
import type { Db } from '../../platform/db/database.ts';
import type { FileStorage } from '../../platform/files/file-storage.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { LetterRenderPool } from './letter-render-pool.ts';
import {
  countStoredLetters,
  findBatch,
  findBatchOffice,
  findPendingLetters,
  findUnfinishedBatches,
  markLettersStored,
  updateBatch,
} from './letters.repository.ts';
import { letterDate, recipientOf } from './letter-content.ts';
import { sha256Of } from './mail-files.ts';

declare module '../../platform/jobs/jobs.ts' {
  interface JobQueues {
    /** Prints the PENDING letters of one batch (mail_letter_batches.id, also the job id). */
    'mail.letterBatch': { batchId: string };
  }
}

export const LETTER_BATCH_QUEUE = 'mail.letterBatch';

/** Letters printed between two progress writes (and stored in one statement). */
const CHUNK = 100;

export interface LetterBatchDeps {
  db: Db;
  storage: FileStorage;
  /** Prints on worker threads (letter-render-pool.ts). */
  printer: Pick<LetterRenderPool, 'render'>;
}

/**
 * The `mail.letterBatch` job: prints each PENDING letter of the batch on the office's letterhead, puts its PDF in
 * the file storage and marks it STORED, a chunk at a time, writing progress after each chunk. Safe to run twice
 * or after a crash: only PENDING letters are printed (a PDF written before a crash is written again under the
 * same id), and a DONE batch is left alone. A failure is recorded on the batch and the job retried.
 */
export async function runLetterBatch(deps: LetterBatchDeps, batchId: string): Promise<void> {
  const { db } = deps;
  const batch = await findBatch(db, batchId);
  if (!batch || batch.state === 'DONE') return;
  const office = await findBatchOffice(db, batch.officeId);
  if (!office) return;
  try {
    await updateBatch(db, batchId, { state: 'RUNNING', error: null, done: await countStoredLetters(db, batchId) });
    const date = letterDate(office.timeZone, batch.requestedAt);
    let done = await countStoredLetters(db, batchId);
    for (;;) {
      const pending = await findPendingLetters(db, batchId, CHUNK);
      if (pending.length === 0) break;
      // The chunk's letters are printed side by side on the pool's threads; each is stored as it is ready.
      const stored = await Promise.all(
        pending.map(async (letter) => {
          const { pdf, pages } = await deps.printer.render({
            office,
            date,
            recipient: recipientOf(letter.client),
            subject: letter.subject,
            body: letter.body,
          });
          await deps.storage.put(letter.id, pdf);
          return { id: letter.id, size: pdf.length, sha256: sha256Of(pdf), pages };
        }),
      );
      await markLettersStored(db, stored);
      done += stored.length;
      await updateBatch(db, batchId, { done });
    }
    await updateBatch(db, batchId, { state: 'DONE', done, finishedAt: new Date() });
  } catch (error) {
    await updateBatch(db, batchId, { state: 'FAILED', error: LETTER_MESSAGES.batchFailed, finishedAt: new Date() });
    throw error;
  }
}

/** Queues a committed batch's job; the job id is the batch's, so it is never queued twice. */
export async function dispatchLetterBatch(
  jobs: Pick<Jobs, 'send'>,
  batchId: string,
  log: { error: (details: object, message: string) => void },
): Promise<void> {
  try {
    await jobs.send(LETTER_BATCH_QUEUE, { batchId }, { id: batchId, retryLimit: 3, retryDelay: 5, retryBackoff: true });
  } catch (error) {
    log.error({ err: error, batchId }, 'queueing a letter batch failed; it is queued again at the next start');
  }
}

/** At start: batches left QUEUED or RUNNING (their job lost, or the process stopped mid-batch) are queued again. */
export async function requeueUnfinishedBatches(
  db: Db,
  jobs: Pick<Jobs, 'send'>,
  log: Parameters<typeof dispatchLetterBatch>[2],
) {
  const ids = await findUnfinishedBatches(db);
  for (const id of ids) await dispatchLetterBatch(jobs, id, log);
  return ids.length;
}
