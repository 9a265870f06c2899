import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { planSimulation, runSimulate } from './simulate-command.ts';
import { webhookEvents } from './webhook-events.tables.ts';
import type { WebhookKind } from './webhook-handlers.ts';
import { WEBHOOK_PATHS } from './webhook-signing.ts';

/** A port free right now; the server below takes it, and its PUBLIC_URL names it (signatures cover it). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let t: TestApp;
let baseUrl: string;
const restore: (() => void)[] = [];

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: baseUrl });
  for (const kind of ['SMS_INBOUND', 'SMS_STATUS', 'CALL_INBOUND', 'CALL_STATUS'] as WebhookKind[]) {
    restore.push(t.app.webhooks.override(kind, async () => {}));
  }
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  restore.forEach((undo) => undo());
  await t?.close();
});

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runSimulate(
    args,
    { PUBLIC_URL: baseUrl, ...env },
    {
      log: (m) => out.push(m),
      error: (m) => err.push(m),
    },
  );
  return code.then((exitCode) => ({ exitCode, out: out.join('\n'), err: err.join('\n') }));
}
const eventsWithKey = async (prefix: string) =>
  (await t.db().select().from(webhookEvents)).filter((r) => r.eventKey.startsWith(prefix));

describe('npm run simulate (over real HTTP, signed with SIMULATOR_AUTH_TOKEN)', () => {
  it('sms: posts a signed inbound text the server accepts', async () => {
    const sid = `SM${'e'.repeat(32)}`;
    const result = await run(['sms', '--from', '5551234567', '--to', '5559870001', '--body', 'STOP', '--sid', sid]);
    expect(result).toMatchObject({ exitCode: 0, out: `${WEBHOOK_PATHS.smsInbound} ${sid}: 200` });
    const [event] = await eventsWithKey(sid);
    expect(event).toMatchObject({
      kind: 'SMS_INBOUND',
      params: { From: '+15551234567', To: '+15559870001', Body: 'STOP' },
    });
  });

  it('call --duration: rings, then completes with the talk time', async () => {
    const sid = `CA${'f'.repeat(32)}`;
    const result = await run(['call', '--from', '5551234567', '--to', '5559870002', '--duration', '95', '--sid', sid]);
    expect(result.exitCode).toBe(0);
    expect((await eventsWithKey(sid)).map((e) => e.eventKey).sort()).toEqual([sid, `${sid}:completed:95`]);
  });

  it('status: a delivery callback with its error code', async () => {
    const sid = `SM${'9'.repeat(32)}`;
    const result = await run(['status', '--sid', sid, '--status', 'failed', '--error-code', '30003']);
    expect(result.exitCode).toBe(0);
    const [event] = await eventsWithKey(sid);
    expect(event!.params).toMatchObject({ MessageStatus: 'failed', ErrorCode: '30003' });
  });

  it('--url wins over PUBLIC_URL', async () => {
    const sid = `SM${'8'.repeat(32)}`;
    const args = ['status', '--sid', sid, '--status', 'sent', '--url', `${baseUrl}/`];
    expect((await run(args, { PUBLIC_URL: 'http://nowhere.invalid' })).exitCode).toBe(0);
  });

  it('exits 1 and explains when the server refuses the signature', async () => {
    const result = await run(['status', '--sid', `SM${'7'.repeat(32)}`, '--status', 'sent'], {
      SIMULATOR_AUTH_TOKEN: 'another-token',
    });
    expect(result.exitCode).toBe(1);
    expect(result.err).toMatch(/answered 403 \(signature refused/);
  });

  it('exits 2 with the usage for a bad command line', async () => {
    for (const args of [
      [],
      ['fax'],
      ['sms', '--from', '5551234567', '--to', '5559870001'],
      ['sms', '--from', '555', '--to', '5559870001', '--body', 'x'],
      ['call', '--from', '5551234567', '--to', '5559870001', '--duration', 'long'],
    ]) {
      const result = await run(args);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.err).toContain('Usage: npm run simulate');
    }
  });

  it('defaults to http://localhost:PORT and the server default token', () => {
    const plan = planSimulation(['status', '--sid', 'SM1', '--status', 'sent'], { PORT: '4000' });
    expect(plan.baseUrl).toBe('http://localhost:4000');
    expect(plan.authToken).toBe(t.config.SIMULATOR_AUTH_TOKEN);
  });
});
