// autocannon 9 ships no types and @types/autocannon would be one more pinned package for the few
// members used here; these follow node_modules/autocannon/README.md (API, Results, events).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  export interface Result {
    title?: string;
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    connections: number;
    pipelining: number;
    statusCodeStats: Record<string, { count: number }>;
    start: Date;
    finish: Date;
  }

  /** One request as autocannon sends it; `setupRequest` may return a changed copy. */
  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  export interface RequestSpec extends RequestParams {
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
    /** Called with each response before its 'response' event, on the same tick. */
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    title?: string;
    body?: string;
    headers?: Record<string, string>;
    /** Each connection loops over these in order. */
    requests?: RequestSpec[];
  }

  /** What autocannon returns without a callback: an event emitter that is also a promise of the result. */
  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    on(event: 'reqError', listener: (error: Error) => void): this;
    on(event: 'done', listener: (result: Result) => void): this;
    on(event: 'start', listener: () => void): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
