import { errorBodySchema } from '@casedesk/contract/common/error-body';
import fc from 'fast-check';
import type { AppInstance } from '../../src/platform/http/app-instance.ts';
import type { ArbitraryContext } from './json-schema-arbitrary.ts';
import type { FuzzRequest, Operation } from './operations.ts';
import { requestArbitrary } from './request-arbitrary.ts';
import type { RowCounts } from './row-counts.ts';
import { changedCounts } from './row-counts.ts';

export interface Failure {
  operation: string;
  /** Position in the operation's generated sequence: with the seed, enough to replay it. */
  index: number;
  kind: string;
  problem: string;
  request: string;
  response: string;
}

export interface RunnerOptions {
  app: AppInstance;
  authorization: string;
  countRows: () => Promise<RowCounts>;
  seed: number;
  runs: number;
  context: ArbitraryContext;
}

interface Sent {
  operation: string;
  index: number;
  request: FuzzRequest;
  status: number;
  body: string;
  /** A file download (Content-Disposition: attachment), e.g. a CSV, XLSX or PDF export: its body is no JSON. */
  download: boolean;
}

/** At most this many refused requests share one row count; after a leak it drops to 1 to name the culprit. */
const GROUP_SIZE = 25;
const PREVIEW = 300;

/** FNV-1a: a stable per-operation seed, so adding a route does not reshuffle the others' requests. */
export function operationSeed(seed: number, operationId: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < operationId.length; i += 1) hash = Math.imul(hash ^ operationId.charCodeAt(i), 0x01000193);
  return hash | 0;
}

function preview(text: string | undefined): string {
  if (text === undefined) return '(none)';
  const shown = JSON.stringify(text.length > PREVIEW ? text.slice(0, PREVIEW) : text);
  return text.length > PREVIEW ? `${shown}… (${text.length} chars)` : shown;
}

export function describeRequest(request: FuzzRequest): string {
  const url =
    request.url.length > PREVIEW ? `${request.url.slice(0, PREVIEW)}… (${request.url.length} chars)` : request.url;
  const type = request.headers['content-type'];
  return `${request.method} ${url}${type === undefined ? '' : ` [content-type: ${type}]`} body: ${preview(request.payload)}`;
}

/** What a response violates, if anything: the error contract of DESIGN §3 and the JSON promise of the API. */
function problemsOf(sent: Sent): string[] {
  const { status, body, request } = sent;
  const problems: string[] = [];
  if (status >= 500) problems.push(`server error ${status}`);
  if (status >= 400 && status < 500) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      problems.push(`${status} body is not JSON`);
    }
    const result = errorBodySchema.safeParse(parsed);
    if (parsed !== undefined && !result.success) {
      const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      problems.push(`${status} body does not match errorBodySchema (${issues.join('; ').slice(0, 200)})`);
    }
    if (result.success && result.data.statusCode !== status)
      problems.push(`body statusCode ${result.data.statusCode} differs from HTTP ${status}`);
  }
  if (status >= 200 && status < 300 && !(status === 204 && body === '') && !sent.download) {
    try {
      JSON.parse(body);
    } catch {
      problems.push(`${status} body is not JSON`);
    }
  }
  if (request.mustReject && status < 400)
    problems.push(`accepted (${status}) a request the OpenAPI document says is invalid`);
  return problems;
}

/**
 * Sends each operation's generated requests in order and checks every response. Row counts are compared
 * around runs of 4xx: a request the document calls invalid is expected to be refused, so a run of those
 * shares one count; before any request that may succeed (and write), the pending run is checked first.
 */
export class FuzzRunner {
  readonly failures: Failure[] = [];
  readonly coverage = new Map<string, number>();
  readonly statuses = new Map<string, Map<number, number>>();
  private baseline: RowCounts | undefined;
  private pending: Sent[] = [];
  private groupSize = GROUP_SIZE;

  constructor(private readonly options: RunnerOptions) {}

  async runOperation(operation: Operation): Promise<void> {
    const { runs, seed, context } = this.options;
    const requests = fc.sample(requestArbitrary(operation, context), {
      seed: operationSeed(seed, operation.id),
      numRuns: runs,
    });
    const statuses = new Map<number, number>();
    this.statuses.set(operation.id, statuses);
    for (const [index, request] of requests.entries()) {
      if (this.pending.length > 0 && !request.mustReject) await this.checkPendingRows();
      this.baseline ??= await this.options.countRows();
      const sent = await this.send(operation.id, index, request);
      statuses.set(sent.status, (statuses.get(sent.status) ?? 0) + 1);
      this.coverage.set(operation.id, (this.coverage.get(operation.id) ?? 0) + 1);
      for (const problem of problemsOf(sent)) this.fail(sent, problem);
      if (sent.status >= 400 && sent.status < 500) {
        this.pending.push(sent);
        if (this.pending.length >= this.groupSize) await this.checkPendingRows();
      } else {
        // Only a request that should have been refused gets here with a run pending; it joins the suspects.
        if (this.pending.length > 0) {
          this.pending.push(sent);
          await this.checkPendingRows();
        }
        // A success may write: the next request counts afresh.
        this.baseline = undefined;
      }
    }
    await this.checkPendingRows();
  }

  private async send(operation: string, index: number, request: FuzzRequest): Promise<Sent> {
    const response = await this.options.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, authorization: this.options.authorization },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    const download = /^attachment\b/i.test(String(response.headers['content-disposition'] ?? ''));
    return { operation, index, request, status: response.statusCode, body: response.body, download };
  }

  private async checkPendingRows(): Promise<void> {
    if (this.pending.length === 0) return;
    const suspects = this.pending;
    this.pending = [];
    const after = await this.options.countRows();
    const changed = this.baseline ? changedCounts(this.baseline, after) : {};
    this.baseline = after;
    if (Object.keys(changed).length === 0) return;
    const [first] = suspects;
    const problem =
      suspects.length === 1
        ? `rows written although the request was refused: ${JSON.stringify(changed)}`
        : `rows written during ${suspects.length} refused requests (${suspects.map((s) => `#${s.index} ${s.status}`).join(', ')}): ${JSON.stringify(changed)}; later checks are per request`;
    if (first) this.fail(first, problem);
    this.groupSize = 1;
  }

  private fail(sent: Sent, problem: string): void {
    this.failures.push({
      operation: sent.operation,
      index: sent.index,
      kind: sent.request.kind,
      problem,
      request: describeRequest(sent.request),
      response: `${sent.status} ${preview(sent.body)}`,
    });
  }
}
