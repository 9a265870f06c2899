import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { providerSid } from './provider-sid.ts';
import { completedCallParams, inboundCallParams, inboundSmsParams, smsStatusParams } from './simulator-params.ts';
import type { WebhookPath } from './webhook-signing.ts';
import { formBody, signWebhook, WEBHOOK_PATHS } from './webhook-signing.ts';

export const SIMULATE_USAGE = `Usage: npm run simulate -- <command> [options]

Posts signed, Twilio-shaped webhooks to a running Casedesk in local mode (DESIGN §1).

  sms    --from <10 digits> --to <office SMS number> --body <text> [--sid SM…]
  call   --from <10 digits> --to <dialed number (DNIS)> [--duration <seconds>] [--sid CA…]
  status --sid <SM…> --status <queued|sending|sent|delivered|undelivered|failed> [--error-code 30003]

  --url <base URL>   the server, as its PUBLIC_URL says (default: PUBLIC_URL, else http://localhost:PORT)

Signs with SIMULATOR_AUTH_TOKEN (default: the server's default). The signature covers the URL, so
--url must be the server's PUBLIC_URL. A number ending in 0000 fails outbound delivery (30003).`;

export interface SimulatePost {
  path: WebhookPath;
  params: Record<string, string>;
}

export interface SimulatePlan {
  baseUrl: string;
  authToken: string;
  posts: SimulatePost[];
}

export class UsageError extends Error {}

/** Reads the command line and environment into the webhooks to post, in order. */
export function planSimulation(argv: string[], env: NodeJS.ProcessEnv): SimulatePlan {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      body: { type: 'string' },
      duration: { type: 'string' },
      sid: { type: 'string' },
      status: { type: 'string' },
      'error-code': { type: 'string' },
      url: { type: 'string' },
    },
  });
  const config = loadConfig(env);
  const baseUrl = (values.url ?? config.publicUrl).replace(/\/$/, '');
  const required = (name: 'from' | 'to' | 'body' | 'sid' | 'status'): string => {
    const value = values[name];
    if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
    return value;
  };
  const plan = (posts: SimulatePost[]) => ({ baseUrl, authToken: config.SIMULATOR_AUTH_TOKEN, posts });
  try {
    switch (positionals[0]) {
      case 'sms': {
        const params = inboundSmsParams({
          from: required('from'),
          to: required('to'),
          body: required('body'),
          ...(values.sid ? { messageSid: values.sid } : {}),
        });
        return plan([{ path: WEBHOOK_PATHS.smsInbound, params }]);
      }
      case 'call': {
        const call = { from: required('from'), to: required('to'), callSid: values.sid ?? providerSid('CA') };
        const posts: SimulatePost[] = [{ path: WEBHOOK_PATHS.voice, params: inboundCallParams(call) }];
        if (values.duration !== undefined) {
          const seconds = Number(values.duration);
          if (!Number.isInteger(seconds) || seconds < 0) throw new UsageError('--duration must be whole seconds');
          posts.push({ path: WEBHOOK_PATHS.callStatus, params: completedCallParams(call, seconds) });
        }
        return plan(posts);
      }
      case 'status': {
        const params = smsStatusParams({
          messageSid: required('sid'),
          status: required('status'),
          errorCode: values['error-code'],
        });
        return plan([{ path: WEBHOOK_PATHS.smsStatus, params }]);
      }
      default:
        throw new UsageError(positionals[0] ? `Unknown command: ${positionals[0]}` : 'A command is required');
    }
  } catch (error) {
    // A malformed number surfaces from toE164; report it as a usage problem, not a crash.
    if (error instanceof Error && !(error instanceof UsageError) && /phone number/.test(error.message)) {
      throw new UsageError(error.message);
    }
    throw error;
  }
}

export interface PostResult {
  path: WebhookPath;
  status: number;
  body: string;
}

/** Posts one webhook exactly as Twilio would: form body, X-Twilio-Signature over the full URL. */
export async function postSignedWebhook(plan: SimulatePlan, post: SimulatePost): Promise<PostResult> {
  const url = `${plan.baseUrl}${post.path}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signWebhook(plan.authToken, url, post.params),
    },
    body: formBody(post.params),
  });
  return { path: post.path, status: response.status, body: await response.text() };
}

export interface SimulateOutput {
  log(message: string): void;
  error(message: string): void;
}

/** The CLI: posts the plan in order, stops at the first refusal; resolves to the exit code. */
export async function runSimulate(argv: string[], env: NodeJS.ProcessEnv, out: SimulateOutput): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out.log(SIMULATE_USAGE);
    return 0;
  }
  let plan: SimulatePlan;
  try {
    plan = planSimulation(argv, env);
  } catch (error) {
    out.error(`${(error as Error).message}\n\n${SIMULATE_USAGE}`);
    return 2;
  }
  for (const post of plan.posts) {
    const sid = post.params.MessageSid ?? post.params.CallSid;
    let result: PostResult;
    try {
      result = await postSignedWebhook(plan, post);
    } catch (error) {
      out.error(`Could not reach ${plan.baseUrl}: ${(error as Error).message}`);
      return 1;
    }
    if (result.status >= 300) {
      const hint =
        result.status === 403
          ? ' (signature refused: is --url the server’s PUBLIC_URL, the token the same, and the server in local mode?)'
          : '';
      out.error(`${post.path} answered ${result.status}${hint}: ${result.body}`);
      return 1;
    }
    out.log(`${post.path} ${sid}: ${result.status}`);
  }
  return 0;
}
