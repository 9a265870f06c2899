import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import Response from 'twilio/lib/http/response';
import { describe, expect, it } from 'vitest';
import { localProvider } from './local-provider.ts';
import { twilioProvider } from './twilio-provider.ts';

/**
 * DESIGN §5: the adapter runs on the real SDK; only Twilio's HTTP is recorded (its `httpClient`
 * option), so these tests see exactly the requests the SDK would put on the wire.
 */
class RecordingClient extends twilio.RequestClient {
  readonly requests: RequestClient.RequestOptions[] = [];

  constructor(private readonly answer: (request: RequestClient.RequestOptions) => { status: number; body: object }) {
    super();
  }

  override async request<TData>(options: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
    this.requests.push(options);
    const { status, body } = this.answer(options);
    return new Response(status, JSON.stringify(body) as TData, {});
  }
}

const ACCOUNT_SID = `AC${'1'.repeat(32)}`;
const AUTH_TOKEN = 'fixture-auth-token-0123456789abcd';
const PUBLIC_URL = 'https://casedesk.example.com';
const MESSAGE_SID = `SM${'a'.repeat(32)}`;
const CALL_SID = `CA${'b'.repeat(32)}`;

function adapter(answer: ConstructorParameters<typeof RecordingClient>[0]) {
  const httpClient = new RecordingClient(answer);
  const provider = twilioProvider({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    publicUrl: PUBLIC_URL,
    httpClient,
  });
  return { provider, requests: httpClient.requests };
}

describe('Twilio adapter: request building', () => {
  it('sends a text to the Messages resource in E.164 with our status callback', async () => {
    const { provider, requests } = adapter(() => ({ status: 201, body: { sid: MESSAGE_SID, status: 'accepted' } }));
    const sent = await provider.sendSms({ from: '5559870001', to: '5551230001', body: 'Your appointment is at 10' });

    expect(sent).toEqual({ sid: MESSAGE_SID, status: 'queued' });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request).toMatchObject({
      method: 'post',
      uri: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`,
      username: ACCOUNT_SID,
      password: AUTH_TOKEN,
      headers: expect.objectContaining({ 'Content-Type': 'application/x-www-form-urlencoded' }),
    });
    expect(request!.data).toEqual({
      From: '+15559870001',
      To: '+15551230001',
      Body: 'Your appointment is at 10',
      StatusCallback: `${PUBLIC_URL}/hooks/twilio/sms-status`,
    });
  });

  it('maps the status Twilio answers with', async () => {
    for (const [theirs, ours] of [
      ['queued', 'queued'],
      ['sending', 'sent'],
      ['sent', 'sent'],
      ['delivered', 'delivered'],
      ['failed', 'failed'],
      ['undelivered', 'undelivered'],
    ] as const) {
      const { provider } = adapter(() => ({ status: 201, body: { sid: MESSAGE_SID, status: theirs } }));
      expect((await provider.sendSms({ from: '5559870001', to: '5551230001', body: 'x' })).status).toBe(ours);
    }
  });

  it('click-to-call rings the operator from the office caller id, then dials the participant', async () => {
    const { provider, requests } = adapter(() => ({ status: 201, body: { sid: CALL_SID, status: 'queued' } }));
    const started = await provider.startClickToCall({
      operatorNumber: '5550001111',
      participantNumber: '(555) 222-3333',
      outboundCallerId: '5559870001',
    });

    expect(started).toEqual({ sid: CALL_SID, status: 'queued' });
    const [request] = requests;
    expect(request).toMatchObject({
      method: 'post',
      uri: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Calls.json`,
    });
    const callback = `${PUBLIC_URL}/hooks/twilio/call-status`;
    expect(request!.data).toEqual({
      To: '+15550001111',
      From: '+15559870001',
      Twiml:
        '<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="+15559870001">' +
        `<Number statusCallback="${callback}" statusCallbackMethod="POST" ` +
        'statusCallbackEvent="initiated ringing answered completed">+15552223333</Number></Dial></Response>',
      StatusCallback: callback,
      StatusCallbackMethod: 'POST',
      StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
    });
  });

  it("passes Twilio's refusal on as the SDK's RestException", async () => {
    const { provider } = adapter(() => ({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    }));
    await expect(provider.sendSms({ from: '5559870001', to: '5551230001', body: 'x' })).rejects.toMatchObject({
      status: 400,
      code: 21211,
    });
  });

  it('refuses a number that is not 10 US digits before calling Twilio', async () => {
    const { provider, requests } = adapter(() => ({ status: 201, body: {} }));
    await expect(provider.sendSms({ from: '5559870001', to: '12345', body: 'x' })).rejects.toThrow(/10-digit/);
    expect(requests).toEqual([]);
  });
});

describe('Twilio adapter: X-Twilio-Signature', () => {
  // Twilio's documented example (Webhooks security): token, URL with query, voice parameters, signature.
  const documented = {
    token: '12345',
    url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
    params: {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    },
    signature: '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
  };
  // A delivery callback as Twilio posts it to our hook, recorded with the fixture token above.
  const statusCallback = {
    url: `${PUBLIC_URL}/hooks/twilio/sms-status`,
    params: {
      AccountSid: ACCOUNT_SID,
      ApiVersion: '2010-04-01',
      From: '+15559870001',
      MessageSid: MESSAGE_SID,
      MessageStatus: 'delivered',
      SmsSid: MESSAGE_SID,
      SmsStatus: 'delivered',
      To: '+15551230001',
    },
    signature: 'xvp94DNLorVMUYF21CVEbQqapnU=',
  };

  it("agrees with Twilio's own functions on the documented example", () => {
    expect(twilio.getExpectedTwilioSignature(documented.token, documented.url, documented.params)).toBe(
      documented.signature,
    );
    const provider = twilioProvider({ accountSid: ACCOUNT_SID, authToken: documented.token, publicUrl: PUBLIC_URL });
    expect(provider.verifySignature(documented.url, documented.params, documented.signature)).toBe(true);
    expect(twilio.validateRequest(documented.token, documented.signature, documented.url, documented.params)).toBe(
      true,
    );
  });

  it('accepts the recorded status callback and nothing altered', () => {
    const { provider } = adapter(() => ({ status: 201, body: {} }));
    const { url, params, signature } = statusCallback;
    expect(provider.verifySignature(url, params, signature)).toBe(true);
    // Twilio signs with and without a default port; both forms of our URL verify.
    expect(
      provider.verifySignature('https://casedesk.example.com:443/hooks/twilio/sms-status', params, signature),
    ).toBe(true);

    expect(provider.verifySignature(url, params, undefined)).toBe(false);
    expect(provider.verifySignature(url, params, '')).toBe(false);
    expect(provider.verifySignature(url, { ...params, MessageStatus: 'failed' }, signature)).toBe(false);
    expect(provider.verifySignature(url, { ...params, ErrorCode: '30003' }, signature)).toBe(false);
    expect(provider.verifySignature(`${PUBLIC_URL}/hooks/twilio/sms`, params, signature)).toBe(false);
    expect(provider.verifySignature(`${url}?x=1`, params, signature)).toBe(false);
  });

  it('the Twilio adapter and the simulator each accept only their own token', () => {
    const { url, params, signature } = statusCallback;
    const simulatorSigned = twilio.getExpectedTwilioSignature('casedesk-local-simulator', url, params);
    const { provider } = adapter(() => ({ status: 201, body: {} }));
    expect(provider.verifySignature(url, params, simulatorSigned)).toBe(false);
    const local = localProvider('casedesk-local-simulator');
    expect(local.verifySignature(url, params, simulatorSigned)).toBe(true);
    expect(local.verifySignature(url, params, signature)).toBe(false);
  });
});
