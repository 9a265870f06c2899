import type { Db } from '../../platform/db/database.ts';
import { queueMail } from '../mail/mail.service.ts';
import { judgeCollectionContact, logAllowedAutomatedText } from './collection-contact.service.ts';

/**
 * Every point where the workflow engine hands work to another part of the product that it does not own,
 * in one file (docs/collections-workflows.md, "Wiring"). Each has a default that keeps the engine whole on its
 * own where the other part is not built yet; tests may swap one (`setCollectionContactGuard`, `setWorkflowMailer`,
 * `setWorkflowLetterDrafter`) and `resetWorkflowWiring` puts the real ones back. Each receives the step's
 * transaction as `db`: what it writes there commits with the step, or not at all, so a step is still done exactly
 * once.
 */

/** What a refused or deferred contact says; `retryAt` asks the engine to try the step again then. */
export type ContactVerdict = { allowed: true } | { allowed: false; reason: string; retryAt?: Date };

export interface CollectionContact {
  accountId: string;
  channel: 'TEXT' | 'EMAIL';
  /** The number texted (digits) or the address e-mailed. */
  to: string;
  /** When the contact would be made: now, for a step that is due. */
  at: Date;
}

/**
 * The collections contact rules (hours, frequency, cease-and-desist …), asked before a workflow texts or
 * e-mails a client. The real rules are `guardCollectionContact` of this module; the default allows all.
 */
export interface CollectionContactGuard {
  check(db: Db, contact: CollectionContact): Promise<ContactVerdict>;
}

export const allowEveryContact: CollectionContactGuard = {
  check: async () => ({ allowed: true }),
};

/**
 * The real rules (docs/collections-contact-rules.md), judged at the step's instant the way the payment reminders
 * are: a text the client's hours do not allow yet waits until the rules' next allowed time (`retryAt`); one they
 * never allow (opt-out) is refused in the rule's words; an allowed one is logged for compliance as a contact
 * with no user, in the step's transaction (a step refused later undoes it). E-mail is not a contact the rules
 * count (they judge calls and texts).
 */
export const collectionContactRules: CollectionContactGuard = {
  async check(db, contact) {
    if (contact.channel === 'EMAIL') return { allowed: true };
    const verdict = await judgeCollectionContact(db, {
      account: { id: contact.accountId },
      channel: 'TEXT',
      toNumber: contact.to,
      at: contact.at,
    });
    if (!verdict.result.allowed) {
      const { message, nextAllowedAt } = verdict.result;
      return { allowed: false, reason: message, ...(nextAllowedAt ? { retryAt: nextAllowedAt } : {}) };
    }
    await logAllowedAutomatedText(db, {
      accountId: contact.accountId,
      toNumber: contact.to,
      at: contact.at,
      timeZone: verdict.timeZone,
    });
    return { allowed: true };
  },
};

/** What an action that hands work on reports: it happened (and what), or why not. */
export type HandOffResult = { status: 'DONE'; result: string } | { status: 'REFUSED'; result: string };

/** An account's e-mail from a workflow step, its template filled for the account. */
export interface WorkflowMail {
  db: Db;
  accountId: string;
  clientId: string;
  officeId: string;
  /** The client's address, or null when they have none (the mailer refuses, naming it). */
  toAddress: string | null;
  subject: string;
  body: string;
  templateId: string;
  /** The step run: the idempotency key for anything the mailer does outside the database. */
  stepRunId: string;
}

export interface WorkflowMailer {
  send(mail: WorkflowMail): Promise<HandOffResult>;
}

export const WORKFLOW_MAIL_NOT_SET_UP = 'E-mail sending is not set up';
export const WORKFLOW_LETTERS_NOT_SET_UP = 'Letter drafting is not set up';

export const WORKFLOW_NO_EMAIL_ADDRESS = 'The client has no e-mail address.';

/** A mailer that refuses every e-mail (tests that need e-mail steps to say no). */
export const mailNotSetUp: WorkflowMailer = {
  send: async () => ({ status: 'REFUSED', result: WORKFLOW_MAIL_NOT_SET_UP }),
};

/**
 * The mail module's outbox: the e-mail is stored in the step's transaction, on the account and its client, so it
 * commits with the step exactly once; the mail module's stranded-mail sweep hands it to its send job within a
 * minute or two (the step cannot queue a job before its own commit), and the outbox shows it from the start.
 */
export const mailOutbox: WorkflowMailer = {
  async send(mail) {
    if (!mail.toAddress) return { status: 'REFUSED', result: WORKFLOW_NO_EMAIL_ADDRESS };
    await queueMail(mail.db, {
      toAddress: mail.toAddress,
      subject: mail.subject,
      body: mail.body,
      officeId: mail.officeId,
      clientId: mail.clientId,
      collectionAccountId: mail.accountId,
      createdById: null,
    });
    return { status: 'DONE', result: `E-mail “${mail.subject}” queued to ${mail.toAddress}.` };
  },
};

/** A letter a workflow step prepares, to be approved by a person before it is sent (four-eyes). */
export interface WorkflowLetter {
  db: Db;
  accountId: string;
  clientId: string;
  officeId: string;
  /** Who the draft is for: the account's collector, else null (the drafter decides). */
  collectorId: string | null;
  title: string;
  content: string;
  templateId: string;
  stepRunId: string;
}

export interface WorkflowLetterDrafter {
  draft(letter: WorkflowLetter): Promise<HandOffResult>;
}

/** Until the templates module's drafts are wired in, a letter step is refused and says so on the timeline. */
export const lettersNotSetUp: WorkflowLetterDrafter = {
  draft: async () => ({ status: 'REFUSED', result: WORKFLOW_LETTERS_NOT_SET_UP }),
};

/**
 * Whether a workflow's text names its account (`collectionAccountId`), so the text shows on the account's
 * timeline. `sendSms` refuses an account id until the accounts routes check it; turn this on with them.
 */
export const WORKFLOW_TEXTS_NAME_THE_ACCOUNT = false;

let contactGuard: CollectionContactGuard = collectionContactRules;
let mailer: WorkflowMailer = mailOutbox;
let letterDrafter: WorkflowLetterDrafter = lettersNotSetUp;

export const collectionContactGuard = (): CollectionContactGuard => contactGuard;
export const workflowMailer = (): WorkflowMailer => mailer;
export const workflowLetterDrafter = (): WorkflowLetterDrafter => letterDrafter;

export function setCollectionContactGuard(guard: CollectionContactGuard): void {
  contactGuard = guard;
}
export function setWorkflowMailer(next: WorkflowMailer): void {
  mailer = next;
}
export function setWorkflowLetterDrafter(next: WorkflowLetterDrafter): void {
  letterDrafter = next;
}

/** Back to the real wiring (tests that installed their own). */
export function resetWorkflowWiring(): void {
  contactGuard = collectionContactRules;
  mailer = mailOutbox;
  letterDrafter = lettersNotSetUp;
}
