import type { AddressInfo } from 'node:net';
import type { ParsedMail, simpleParser } from 'mailparser';
import type { SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { SMTPServer } from 'smtp-server';

/**
 * The SMTP server inside the app (DESIGN §1 mail, embedded default): it listens on 127.0.0.1, accepts every
 * message without authentication, parses it and hands it to `onMessage`, which stores it. The app sends to it
 * through nodemailer exactly as it would to a real server, so demo mode and the tests run the real SMTP path and
 * nothing leaves the machine.
 *
 * It can be stopped and started again on the same port (to see that an outage loses nothing): a stop refuses new
 * transactions with 421, lets the messages already being received finish (each is stored before it is
 * acknowledged), then closes every connection.
 */

// mailparser (with libmime and iconv-lite) loads with the first message received, not with the server.
let parser: Promise<typeof simpleParser> | undefined;
const loadParser = () => (parser ??= import('mailparser').then((module) => module.simpleParser));

export interface ReceivedMessage {
  envelopeFrom: string | null;
  envelopeTo: string[];
  size: number;
  parsed: ParsedMail;
}

export interface EmbeddedSmtpServer {
  readonly host: string;
  /** The port it listens on (chosen at the first start when 0 was asked for, then kept). */
  readonly port: number;
  readonly running: boolean;
  start(): Promise<void>;
  /** Refuses new mail, waits for messages being received, closes connections; resolves once it is down. */
  stop(): Promise<void>;
}

export interface EmbeddedSmtpOptions {
  host?: string;
  port: number;
  /** The largest message accepted (SMTP SIZE); 10 MB of attachments is about 13.7 MB once base64-encoded. */
  maxSize?: number;
  onMessage: (message: ReceivedMessage) => Promise<void>;
  log: { error: (details: object, message: string) => void };
}

const DEFAULT_MAX_SIZE = 25 * 1024 * 1024;

/** An SMTP reply of our choosing: smtp-server answers with the error's responseCode and message. */
function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function startEmbeddedSmtpServer(options: EmbeddedSmtpOptions): Promise<EmbeddedSmtpServer> {
  const host = options.host ?? '127.0.0.1';
  let port = options.port;
  let server: SMTPServer | null = null;
  let stopping = false;
  const receiving = new Set<Promise<void>>();

  const create = () =>
    new SMTPServer({
      banner: 'Casedesk embedded mail capture',
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      hideSTARTTLS: true,
      logger: false,
      size: options.maxSize ?? DEFAULT_MAX_SIZE,
      closeTimeout: 1_000,
      onMailFrom(_address, _session, callback) {
        callback(stopping ? smtpError(421, 'Server shutting down') : null);
      },
      onData(stream, session, callback) {
        const work = receive(stream, session).then(
          () => callback(),
          (error: unknown) => {
            options.log.error({ err: error }, 'embedded SMTP server could not store a message');
            callback(smtpError(451, 'Could not store the message; try again later'));
          },
        );
        receiving.add(work);
        void work.finally(() => receiving.delete(work));
      },
    });

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const parsed = await (await loadParser())(stream);
    if (stream.sizeExceeded) throw smtpError(552, 'Message exceeds the fixed maximum message size');
    await options.onMessage({
      envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
      envelopeTo: session.envelope.rcptTo.map((r) => r.address),
      size: stream.byteLength,
      parsed,
    });
  }

  const handle: EmbeddedSmtpServer = {
    host,
    get port() {
      return port;
    },
    get running() {
      return server !== null && !stopping;
    },
    async start() {
      if (server) return;
      const next = create();
      next.on('error', (error: Error) => options.log.error({ err: error }, 'embedded SMTP server error'));
      await new Promise<void>((resolve, reject) => {
        next.server.once('error', reject);
        next.listen(port, host, () => {
          next.server.off('error', reject);
          resolve();
        });
      });
      port = (next.server.address() as AddressInfo).port;
      server = next;
      stopping = false;
    },
    async stop() {
      const current = server;
      if (!current) return;
      stopping = true;
      const closed = new Promise<void>((resolve) => current.close(() => resolve()));
      // A message being received is stored and acknowledged before its connection closes, so the sender
      // knows it arrived and does not send it again.
      await Promise.allSettled([...receiving]);
      for (const connection of current.connections) connection.close();
      await closed;
      server = null;
    },
  };
  await handle.start();
  return handle;
}
