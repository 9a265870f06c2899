import { messageIdOf } from '@casedesk/contract/mail/mail';
import type { Db } from '../../platform/db/database.ts';
import type { FileStorage } from '../../platform/files/file-storage.ts';
import type { Job, Jobs, SendOptions } from '../../platform/jobs/jobs.ts';
import type { MailTransport } from './mail-transport.ts';
import {
  claimMail,
  findAttachmentsOf,
  findMailStatus,
  findStrandedQueued,
  markAttemptFailed,
  markMailSent,
} from './mail.repository.ts';

declare module '../../platform/jobs/jobs.ts' {
  interface JobQueues {
    /** One outbox e-mail (mail_outbox.id); the job id is the e-mail's id too. */
    'mail.send': { mailId: string };
  }
}

export const MAIL_SEND_QUEUE = 'mail.send';

/**
 * How long one attempt holds an e-mail: longer than the transport's timeouts (mail-transport.ts) let a send
 * take, so a run that finds the lease still held knows another attempt is alive.
 */
const LEASE_MS = 5 * 60_000;

export interface MailDeliveryDeps {
  db: Db;
  storage: FileStorage;
  transport: MailTransport;
  jobs: Pick<Jobs, 'getJob'>;
}

/** An SMTP 5xx reply is the server refusing the message for good (a bad address, a message it will not take). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What the outbox shows of a failure: the SMTP reply or the network error, short. */
function describe(error: unknown): string {
  const e = error as { message?: unknown; code?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return message.slice(0, 500);
}

/**
 * Not sent because another attempt holds the e-mail: the job fails, so pg-boss tries again after the lease.
 * Never completes the job, or an e-mail whose attempt died could stay SENDING for good.
 */
class HeldElsewhere extends Error {
  constructor() {
    super('The e-mail is being sent by another attempt');
  }
}

/**
 * The `mail.send` job: hands one outbox e-mail to the SMTP server and records the result. Idempotent: the e-mail
 * is claimed first (status SENDING with a lease), so a second run of the job or another instance never sends it
 * at the same time, and one already SENT is left alone. It always goes out with the Message-ID of its row, so
 * even a send repeated after a crash between the server's acceptance and our write is recognisable as one message.
 * A transient failure (server down, timeout, 4xx) returns it to QUEUED and throws, and pg-boss retries with
 * backoff; a 5xx refusal or the last retry marks it FAILED with the error.
 */
export async function deliverMail(deps: MailDeliveryDeps, job: Job<{ mailId: string }>): Promise<void> {
  const { mailId } = job.data;
  const mail = await claimMail(deps.db, mailId, new Date(Date.now() + LEASE_MS));
  if (!mail) {
    const status = await findMailStatus(deps.db, mailId);
    if (status === 'SENDING') throw new HeldElsewhere();
    return; // SENT, FAILED, or gone
  }
  try {
    const attachments = await Promise.all(
      (await findAttachmentsOf(deps.db, mail.id)).map(async (attachment) => {
        const content = await deps.storage.get(attachment.id);
        if (!content) throw new Error(`The bytes of attachment ${attachment.id} are missing from the file storage`);
        return { filename: attachment.filename, contentType: attachment.contentType, content };
      }),
    );
    const accepted = await deps.transport.send({
      to: mail.toAddresses,
      subject: mail.subject,
      text: mail.body,
      messageId: messageIdOf(mail.id, deps.transport.domain),
      attachments,
    });
    await markMailSent(deps.db, mail.id, accepted.response.slice(0, 500));
  } catch (error) {
    const state = await deps.jobs.getJob(MAIL_SEND_QUEUE, job.id);
    const final = isPermanent(error) || (state !== null && state.retryCount >= state.retryLimit);
    await markAttemptFailed(deps.db, mail.id, describe(error), final);
    if (!final) throw error;
  }
}

/** How often e-mails whose enqueue was lost are looked for, and how old a queued e-mail must be to count. */
const STRANDED_SWEEP_MS = 60_000;
const STRANDED_WINDOW_MS = 7 * 86_400_000;

/**
 * Queues the job again for e-mails stored in the last week and still QUEUED or SENDING a minute after they were
 * stored (the process stopped between the commit and the enqueue, or the enqueue failed). The job id is the
 * e-mail's id, so an e-mail whose job still exists (waiting for a retry) is not queued twice.
 */
export async function requeueStrandedMail(
  db: Db,
  jobs: Pick<Jobs, 'send'>,
  options: SendOptions,
  storedBefore = new Date(Date.now() - STRANDED_SWEEP_MS),
): Promise<number> {
  const ids = await findStrandedQueued(db, new Date(Date.now() - STRANDED_WINDOW_MS), storedBefore);
  for (const id of ids) await jobs.send(MAIL_SEND_QUEUE, { mailId: id }, { ...options, id });
  return ids.length;
}

/** The sweep while the app runs; stops with the app. */
export function sweepStrandedMail(
  db: Db,
  jobs: Pick<Jobs, 'send'>,
  options: SendOptions,
  log: { error: (details: object, message: string) => void },
): () => void {
  const timer = setInterval(() => {
    requeueStrandedMail(db, jobs, options).catch((error: unknown) =>
      log.error({ err: error }, 'stranded-mail sweep failed'),
    );
  }, STRANDED_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
