import {
  simulatedCallResultSchema,
  simulatedCallSchema,
  simulatedSmsResultSchema,
  simulatedSmsSchema,
  simulatedStatusResultSchema,
  simulatedStatusSchema,
  simulatorStateSchema,
} from '@casedesk/contract/simulator/simulator';
import type { AppInstance } from '../http/app-instance.ts';
import { simulatesDeliveryStatus } from './create-provider.ts';
import { providerSid } from './provider-sid.ts';
import { completedCallParams, inboundCallParams, inboundSmsParams, smsStatusParams } from './simulator-params.ts';
import type { WebhookLoopback } from './webhook-loopback.ts';
import type { WebhookPath } from './webhook-signing.ts';
import { WEBHOOK_PATHS } from './webhook-signing.ts';

export interface SimulatorRoutesOptions {
  loopback: WebhookLoopback;
}

export const FAILING_NUMBER_SUFFIX = '0000';

/**
 * The "Phone simulator" API (DESIGN §1, local mode only). Each call posts a signed, Twilio-shaped
 * form to our own /hooks route, so the data enters exactly as the provider's would. With Twilio
 * configured only the state route exists (it says `enabled: false`).
 *
 * Permission: SMS CREATE. These inject texts and calls as if from the public, which reach
 * operators' inboxes and notifications, so they need the same right as sending a text.
 */
export async function simulatorRoutes(app: AppInstance, { loopback }: SimulatorRoutesOptions): Promise<void> {
  const enabled = app.provider.name === 'local';

  app.get(
    '/api/v1/simulator',
    {
      config: { signedIn: true },
      schema: {
        tags: ['simulator'],
        summary: 'Whether the local phone simulator runs (false when Twilio is configured)',
        response: { 200: simulatorStateSchema },
      },
    },
    async () => ({
      enabled,
      autoStatus: enabled && simulatesDeliveryStatus(app.config),
      failingNumberSuffix: FAILING_NUMBER_SUFFIX,
    }),
  );

  if (!enabled) return;

  app.post(
    '/api/v1/simulator/sms',
    {
      config: { permission: ['SMS', 'CREATE'] },
      schema: {
        tags: ['simulator'],
        summary: 'Simulate an inbound text (posted to the signed SMS webhook)',
        body: simulatedSmsSchema,
        response: { 200: simulatedSmsResultSchema },
      },
    },
    async (request) => {
      const params = inboundSmsParams(request.body);
      await deliver(loopback, WEBHOOK_PATHS.smsInbound, params);
      return { messageSid: params.MessageSid };
    },
  );

  app.post(
    '/api/v1/simulator/call',
    {
      config: { permission: ['SMS', 'CREATE'] },
      schema: {
        tags: ['simulator'],
        summary: 'Simulate an inbound call; with durationSeconds it also completes',
        body: simulatedCallSchema,
        response: { 200: simulatedCallResultSchema },
      },
    },
    async (request) => {
      const { from, to, durationSeconds } = request.body;
      const callSid = providerSid('CA');
      await deliver(loopback, WEBHOOK_PATHS.voice, inboundCallParams({ from, to, callSid }));
      if (durationSeconds !== undefined) {
        await deliver(loopback, WEBHOOK_PATHS.callStatus, completedCallParams({ from, to, callSid }, durationSeconds));
      }
      return { callSid };
    },
  );

  app.post(
    '/api/v1/simulator/status',
    {
      config: { permission: ['SMS', 'CREATE'] },
      schema: {
        tags: ['simulator'],
        summary: 'Simulate a delivery-status callback for an outbound text',
        body: simulatedStatusSchema,
        response: { 200: simulatedStatusResultSchema },
      },
    },
    async (request) => {
      const { messageSid, status, errorCode } = request.body;
      await deliver(loopback, WEBHOOK_PATHS.smsStatus, smsStatusParams({ messageSid, status, errorCode }));
      return { messageSid, status };
    },
  );
}

/** Our own hook must accept what we signed; anything else is a fault here, not the caller's. */
async function deliver(loopback: WebhookLoopback, path: WebhookPath, params: Record<string, string>): Promise<void> {
  const response = await loopback.post(path, params);
  if (response.statusCode >= 300) {
    throw new Error(`the ${path} webhook answered ${response.statusCode} to the simulator`);
  }
}
