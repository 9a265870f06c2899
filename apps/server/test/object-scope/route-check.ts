import type { RecordKind } from '../../src/platform/access/record-scope.ts';
import type { RouteAccessEntry } from '../../src/platform/access/route-access.ts';
import type { AppInstance } from '../../src/platform/http/app-instance.ts';
import type { SchemaRoot } from '../fuzz/json-schema.ts';
import type { Operation, RequestParts } from '../fuzz/operations.ts';
import { toRequest } from '../fuzz/operations.ts';
import type { RowCounts } from '../fuzz/row-counts.ts';
import { changedCounts } from '../fuzz/row-counts.ts';
import { TEMPLATES } from './base-requests.ts';
import type { Refs } from './caller-and-refs.ts';
import type { OfficeRecords } from './record-factories.ts';
import { fieldValue, generateParts, operationOf, placeOf, unknownIdFor, withField } from './request-builder.ts';
import type { Answer } from './scope-answers.ts';
import { reachesLookup, sameAnswer, shown } from './scope-answers.ts';

const WHERE_TEMPLATES = 'apps/server/test/object-scope/base-requests.ts';

export interface CheckContext {
  app: AppInstance;
  /** The caller's Authorization header: every permission, each limited to officeA. */
  authorization: string;
  root: SchemaRoot;
  operations: Operation[];
  refs: Refs;
  /** Fresh records of officeA, for one route. */
  recordsOfA: () => OfficeRecords;
  /** officeB's records, shared by every route and never to change. */
  recordsOfB: OfficeRecords;
  countRows: () => Promise<RowCounts>;
  /** officeB's records as stored, to see that no request changed one. */
  readRecordsOfB: () => Promise<string>;
}

/** A route whose fields were checked, for its positive control: the base request and each id that named nothing. */
export interface CheckedRoute {
  key: string;
  operation: Operation;
  base: RequestParts;
  misses: { field: string; unknownId: string; answer: Answer }[];
}

/**
 * Sends each declared id of a route naming officeB's record and naming nothing, and keeps what went wrong;
 * the positive controls run later, when no refused request is left to count rows around.
 */
export class RouteChecker {
  readonly failures: string[] = [];
  readonly positiveFailures: string[] = [];
  /** "METHOD /url field" for every declared field tried with an officeB record and an unknown id. */
  readonly covered: string[] = [];
  readonly summary: string[] = [];
  readonly checked: CheckedRoute[] = [];

  constructor(private readonly context: CheckContext) {}

  private async send(operation: Operation, parts: RequestParts): Promise<Answer> {
    const request = toRequest(operation, parts, 'object-scope', false);
    const response = await this.context.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, authorization: this.context.authorization },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    return {
      status: response.statusCode,
      contentType: String(response.headers['content-type'] ?? ''),
      body: response.body,
    };
  }

  private async baseRequest(entry: RouteAccessEntry, operation: Operation, records: OfficeRecords) {
    const template = TEMPLATES[`${entry.method} ${entry.url}`];
    if (template?.base) return template.base(records, this.context.refs);
    // Two fields of one kind (a merge's two clients) name two records of it.
    const seen = new Map<RecordKind, number>();
    const ids: Record<string, string | undefined> = {};
    for (const [field, kind] of Object.entries(entry.records ?? {})) {
      const n = seen.get(kind) ?? 0;
      seen.set(kind, n + 1);
      ids[field] = await records.id(kind, n);
    }
    return generateParts(operation, this.context.root, ids);
  }

  async checkRoute(entry: RouteAccessEntry): Promise<void> {
    const key = `${entry.method} ${entry.url}`;
    const operation = operationOf(this.context.operations, entry);
    if (!operation) {
      this.failures.push(`${key}: not in the OpenAPI document, so no request can be built for it`);
      return;
    }
    const records = this.context.recordsOfA();
    let base: RequestParts;
    try {
      base = await this.baseRequest(entry, operation, records);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.failures.push(
        `${key}: cannot build a request from its schema (${why}); add a template in ${WHERE_TEMPLATES}`,
      );
      return;
    }
    const checked: CheckedRoute = { key, operation, base, misses: [] };
    for (const [field, kind] of Object.entries(entry.records ?? {})) {
      const miss = await this.checkField(key, operation, base, field, kind);
      if (miss) checked.misses.push(miss);
    }
    this.checked.push(checked);
  }

  private async checkField(key: string, operation: Operation, base: RequestParts, field: string, kind: RecordKind) {
    const place = placeOf(operation, field);
    if (fieldValue(base, place, field) === undefined) {
      this.failures.push(`${key} ${field}: the base request does not name officeA's ${kind}; fix ${WHERE_TEMPLATES}`);
      return undefined;
    }
    let request = base;
    for (const other of TEMPLATES[key]?.isolate?.[field]?.leaveOut ?? []) {
      request = withField(request, placeOf(operation, other), other, undefined);
    }
    let unknownId: string;
    try {
      unknownId = unknownIdFor(operation, field, this.context.root);
    } catch (error) {
      this.failures.push(`${key} ${field}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    const miss = await this.send(operation, withField(request, place, field, unknownId));
    if (!reachesLookup(miss, `${key} ${field}`, field)) {
      this.failures.push(
        `${key} ${field}: an id that names nothing got ${shown(miss)}; expected 404, or 400 naming ${field}, so the ` +
          `check never reached the lookup of ${field} (fix the base request in ${WHERE_TEMPLATES})`,
      );
    }
    for (const other of await this.context.recordsOfB.others(kind)) {
      const [countsBefore, recordsBefore] = [await this.context.countRows(), await this.context.readRecordsOfB()];
      const answer = await this.send(operation, withField(request, place, field, other.id));
      const changed = changedCounts(countsBefore, await this.context.countRows());
      const name = `${key} ${field} = officeB's ${other.label}`;
      if (!sameAnswer(answer, miss, [other.id, unknownId])) {
        this.failures.push(`${name}: answered ${shown(answer)}\n    but an id that names nothing: ${shown(miss)}`);
      }
      if (Object.keys(changed).length > 0) this.failures.push(`${name}: rows written: ${JSON.stringify(changed)}`);
      if ((await this.context.readRecordsOfB()) !== recordsBefore)
        this.failures.push(`${name}: changed officeB's records`);
      this.summary.push(`${name}: ${answer.status}, unknown id: ${miss.status}`);
    }
    this.covered.push(`${key} ${field}`);
    return { field, unknownId, answer: miss };
  }

  /** The base request, all officeA's records, must get through: else the checks above proved nothing. */
  async checkPositive(route: CheckedRoute): Promise<void> {
    const answer = await this.send(route.operation, route.base);
    this.summary.push(`${route.key} with officeA's records: ${answer.status}`);
    if (answer.status < 200 || answer.status >= 300) {
      this.positiveFailures.push(
        `${route.key}: the base request (officeA's records) got ${shown(answer)}; fix ${WHERE_TEMPLATES}`,
      );
    }
    for (const miss of route.misses) {
      if (sameAnswer(answer, miss.answer, [miss.unknownId])) {
        this.positiveFailures.push(`${route.key}: the base request got the same answer as an unknown ${miss.field}`);
      }
    }
  }
}
