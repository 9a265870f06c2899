import type { MailTransport as MailTransportStatus } from '@casedesk/contract/mail/mail';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { MAIL_MESSAGES } from '@casedesk/contract/mail/mail';
import type { EmbeddedSmtpServer } from './embedded-smtp-server.ts';
import { startEmbeddedSmtpServer } from './embedded-smtp-server.ts';
import { storeCapturedMessage } from './mail-capture.ts';

/**
 * How e-mail leaves this instance (DESIGN §1 mail): nodemailer over SMTP, to the server of SMTP_URL or, when it
 * is unset, to the SMTP server inside the app, which captures every message into mail_captured. The same code
 * sends either way.
 */

export interface OutgoingMessage {
  to: string[];
  subject: string;
  text: string;
  /** With angle brackets: `<outbox id@domain>`. */
  messageId: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface MailTransport {
  readonly mode: MailTransportStatus['mode'];
  readonly from: string;
  /** The domain of MAIL_FROM, which names the Message-IDs. */
  readonly domain: string;
  /** Hands one message to the SMTP server; resolves with its answer once it has accepted it. */
  send(message: OutgoingMessage): Promise<{ response: string }>;
  status(): MailTransportStatus;
  /** Embedded only: stops or starts the embedded server on its port. */
  setRunning(running: boolean): Promise<MailTransportStatus>;
  close(): Promise<void>;
}

/** Connections give up on a silent server long before an attempt's lease (mail-delivery.ts) runs out. */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as const;

export function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.split('@')[1]?.trim().toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'casedesk.local';
}

export interface TransportLog {
  error: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
}

export async function openMailTransport(config: Config, db: Db, log: TransportLog): Promise<MailTransport> {
  const from = config.MAIL_FROM;
  const domain = domainOf(from);
  let embedded: EmbeddedSmtpServer | null = null;
  if (!config.SMTP_URL) {
    embedded = await startEmbeddedSmtpServer({
      port: config.MAIL_EMBEDDED_SMTP_PORT,
      onMessage: (message) => storeCapturedMessage(db, message),
      log,
    });
    if (!config.demo) {
      log.warn(
        { port: embedded.port },
        'SMTP_URL is not set: e-mail is captured by the embedded SMTP server and does not leave this machine',
      );
    }
  }
  const pool = { pool: true as const, maxConnections: config.MAIL_SEND_WORKERS, maxMessages: Infinity, ...TIMEOUTS };
  const transporter = embedded
    ? nodemailer.createTransport({ ...pool, host: embedded.host, port: embedded.port, secure: false, ignoreTLS: true })
    : nodemailer.createTransport({ ...pool, url: config.SMTP_URL });

  const status = (): MailTransportStatus =>
    embedded
      ? { mode: 'EMBEDDED', running: embedded.running, host: embedded.host, port: embedded.port, from }
      : { mode: 'SMTP', running: null, host: new URL(config.SMTP_URL!).hostname, port: null, from };

  return {
    mode: embedded ? 'EMBEDDED' : 'SMTP',
    from,
    domain,
    async send(message) {
      const info = await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: message.messageId,
        attachments: message.attachments,
      });
      return { response: String(info.response ?? '') };
    },
    status,
    async setRunning(running) {
      if (!embedded) throw new AppError('CONFLICT', MAIL_MESSAGES.transportNotEmbedded);
      if (running) await embedded.start();
      else await embedded.stop();
      return status();
    },
    async close() {
      transporter.close();
      await embedded?.stop();
    },
  };
}
