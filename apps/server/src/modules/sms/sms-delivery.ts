import type { Db } from '../../platform/db/database.ts';
import type { Job, Jobs } from '../../platform/jobs/jobs.ts';
import type { CommunicationProvider } from '../../platform/providers/provider.ts';
import type { OutboundState, ProviderResult } from './sms-write.repository.ts';
import {
  findOutbound,
  findStrandedQueued,
  recordProviderResult,
  recordProviderResultThenFind,
} from './sms-write.repository.ts';

declare module '../../platform/jobs/jobs.ts' {
  interface JobQueues {
    /** One stored outbound text (sms_messages.id); the job id is the message id too. */
    'sms.send': { messageId: string };
  }
}

export const SMS_SEND_QUEUE = 'sms.send';

/** Error codes we store when the provider never took the text. */
export const DELIVERY_ERRORS = { optedOut: 'OPTED_OUT', providerUnavailable: 'PROVIDER_UNAVAILABLE' } as const;

export interface DeliveryDeps {
  db: Db;
  /** Read at call time: the provider is chosen when the app starts. */
  provider: () => CommunicationProvider;
  jobs: Pick<Jobs, 'getJob'>;
}

/**
 * A provider error that retrying cannot fix: Twilio answers a bad request (an invalid or unreachable
 * number, an unsubscribed recipient) with HTTP 4xx and a numeric error code.
 */
function permanentErrorCode(error: unknown): string | undefined {
  const e = error as { status?: unknown; code?: unknown };
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.status !== 429) {
    return typeof e.code === 'number' || typeof e.code === 'string' ? String(e.code) : String(e.status);
  }
  return undefined;
}

const refused = (id: string, errorCode: string): ProviderResult => ({ id, sid: null, status: 'failed', errorCode });

/**
 * The `sms.send` job for one text, read just before: hands it to the provider and gives the result to record.
 * It can run twice (a crash after the provider call): a text that already has a provider id is not sent again,
 * and nothing is recorded. A transient failure throws, and pg-boss retries with backoff; the last attempt
 * marks the text failed so the drawer offers a retry instead of showing it queued forever.
 */
async function deliver(
  deps: DeliveryDeps,
  job: Job<{ messageId: string }>,
  message: OutboundState | undefined,
): Promise<ProviderResult | undefined> {
  if (!message || message.direction !== 'OUTBOUND') return undefined;
  if (message.providerMessageSid || message.status !== 'queued') return undefined;
  // The number may have replied STOP since the text was queued: never send after an opt-out.
  if (message.optedOut) return refused(message.id, DELIVERY_ERRORS.optedOut);
  try {
    const sent = await deps.provider().sendSms({ from: message.fromNumber, to: message.toNumber, body: message.body });
    return { id: message.id, sid: sent.sid, status: sent.status, errorCode: null };
  } catch (error) {
    const permanent = permanentErrorCode(error);
    if (permanent) return refused(message.id, permanent);
    const state = await deps.jobs.getJob(SMS_SEND_QUEUE, job.id);
    if (state && state.retryCount >= state.retryLimit) return refused(message.id, DELIVERY_ERRORS.providerUnavailable);
    throw error;
  }
}

/**
 * A fetched batch of texts, one after another: each result is recorded as soon as the provider gives it (a crash
 * sends no recorded text twice), in the round trip that reads the next text, so a text costs one statement
 * instead of two. A text that fails is failed alone, and the next one reads itself.
 */
export async function deliverSmsBatch(
  deps: DeliveryDeps,
  jobs: Job<{ messageId: string }>[],
  failed: (job: Job<{ messageId: string }>, error: unknown) => Promise<void>,
): Promise<void> {
  let prefetched: { message: OutboundState | undefined } | undefined;
  for (const [index, job] of jobs.entries()) {
    const read = prefetched;
    prefetched = undefined;
    try {
      const message = read ? read.message : await findOutbound(deps.db, job.data.messageId);
      const result = await deliver(deps, job, message);
      const next = jobs[index + 1]?.data.messageId;
      if (result && next && next !== result.id) {
        prefetched = { message: await recordProviderResultThenFind(deps.db, result, next) };
      } else if (result) {
        await recordProviderResult(deps.db, result);
      }
    } catch (error) {
      await failed(job, error);
    }
  }
}

/** One text as a batch of one: read, handed over, its result recorded; a transient failure throws. */
export async function deliverSms(deps: DeliveryDeps, job: Job<{ messageId: string }>): Promise<void> {
  await deliverSmsBatch(deps, [job], async (_job, error) => {
    throw error;
  });
}

/** How often texts whose enqueue was lost are looked for, and how old a queued text must be to count. */
const STRANDED_SWEEP_MS = 60_000;

/**
 * Re-sends lost enqueues while the app runs (sendSoon logs a failed insert instead of failing the
 * request); stops with the app.
 */
export function sweepStrandedTexts(db: Db, jobs: Pick<Jobs, 'send'>, log: { error: (o: object, m: string) => void }) {
  const timer = setInterval(() => {
    requeueStrandedTexts(db, jobs, new Date(Date.now() - STRANDED_SWEEP_MS)).catch((error: unknown) =>
      log.error({ err: error }, 'stranded-text sweep failed'),
    );
  }, STRANDED_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * At start: queue the job again for any text stored in the last day but never handed over (the process
 * stopped between the commit and the enqueue). The job id is the message id, so a text whose job still
 * exists is not queued twice, and deliverSms skips a text that already has a provider id.
 */
export async function requeueStrandedTexts(
  db: Db,
  jobs: Pick<Jobs, 'send'>,
  storedBefore = new Date(),
): Promise<number> {
  const texts = await findStrandedQueued(db, new Date(Date.now() - 86_400_000), storedBefore);
  // A text held to the client's hours keeps its hold when it is queued again.
  for (const { id, sendAfter } of texts) {
    await jobs.send(SMS_SEND_QUEUE, { messageId: id }, { id, ...(sendAfter ? { startAfter: sendAfter } : {}) });
  }
  return texts.length;
}
