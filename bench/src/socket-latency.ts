import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SOCKET_PATH, SOCKET_PROTOCOL, SOCKET_TOKEN_PREFIX } from '@casedesk/contract/notifications/live-socket';
import { formBody, signWebhook, WEBHOOK_PATHS } from '@casedesk/server/src/platform/providers/webhook-signing.ts';
import WebSocket from 'ws';
import type { Summary } from './stats.ts';
import { summarize } from './stats.ts';

/** The server's default simulator token (the bench runs the local provider). */
const SIMULATOR_AUTH_TOKEN = 'casedesk-local-simulator';
const OPEN_BATCH = 50;
const DELIVERY_TIMEOUT_MS = 5_000;
const PAUSE_BETWEEN_WEBHOOKS_MS = 50;

export interface SocketUser {
  userId: string;
  token: string;
}

export interface SocketLatencyResult {
  sockets: number;
  webhooks: number;
  /** Deliveries that arrived, over sockets × webhooks. */
  delivered: number;
  missed: number;
  /** ms from sending the signed inbound-SMS webhook to the text frame on each socket. */
  latency: Summary;
  /** ms until the webhook's own 200 came back. */
  acknowledgement: Summary;
}

interface BenchSocket {
  socket: WebSocket;
  /** Arrival time of the latest frame, read after each webhook. */
  arrivals: number[];
}

async function openSocket(baseUrl: string, user: SocketUser): Promise<BenchSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${SOCKET_PATH}`;
  const socket = new WebSocket(url, [SOCKET_PROTOCOL, `${SOCKET_TOKEN_PREFIX}${user.token}`]);
  const bench: BenchSocket = { socket, arrivals: [] };
  socket.on('message', () => bench.arrivals.push(performance.now()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ notificationTypes: ['DIRECT', 'SMS', 'CALL'], userId: user.userId }));
  return bench;
}

/**
 * The live-notification budget: inbound webhook → browser notification with N sockets connected to one instance.
 * Every socket belongs to a user who hears of texts to the office, so each webhook is one delivery per
 * socket. Webhooks go one after another: each is measured on an otherwise quiet server.
 */
export async function measureSocketLatency(
  baseUrl: string,
  users: SocketUser[],
  socketCount: number,
  webhookCount: number,
  officeSmsNumber: string,
  senders: string[],
): Promise<SocketLatencyResult> {
  const sockets: BenchSocket[] = [];
  try {
    for (let i = 0; i < socketCount; i += OPEN_BATCH) {
      const batch = Array.from({ length: Math.min(OPEN_BATCH, socketCount - i) }, (_, j) =>
        openSocket(baseUrl, users[(i + j) % users.length]!),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    await sleep(500); // let every subscribe message land before the first webhook
    const latencies: number[] = [];
    const acknowledgements: number[] = [];
    let missed = 0;
    for (let n = 0; n < webhookCount; n++) {
      for (const s of sockets) s.arrivals.length = 0;
      const params = {
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        AccountSid: 'ACbench',
        From: `+1${senders[n % senders.length]}`,
        To: `+1${officeSmsNumber}`,
        Body: `Bench inbound text ${n}`,
      };
      const url = `${baseUrl}${WEBHOOK_PATHS.smsInbound}`;
      const sent = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signWebhook(SIMULATOR_AUTH_TOKEN, url, params),
        },
        body: formBody(params),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`The inbound-SMS webhook answered ${response.status}`);
      acknowledgements.push(performance.now() - sent);
      const deadline = sent + DELIVERY_TIMEOUT_MS;
      while (sockets.some((s) => s.arrivals.length === 0) && performance.now() < deadline) await sleep(2);
      for (const s of sockets) {
        if (s.arrivals.length === 0) missed++;
        else latencies.push(s.arrivals[0]! - sent);
      }
      await sleep(PAUSE_BETWEEN_WEBHOOKS_MS);
    }
    return {
      sockets: sockets.length,
      webhooks: webhookCount,
      delivered: latencies.length,
      missed,
      latency: summarize(latencies),
      acknowledgement: summarize(acknowledgements),
    };
  } finally {
    for (const s of sockets) s.socket.terminate();
  }
}
