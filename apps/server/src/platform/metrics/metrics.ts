import client from 'prom-client';

/** One registry for the process; GET /metrics renders it (loopback or METRICS_TOKEN only). */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

export const httpDuration = new client.Histogram({
  name: 'casedesk_http_request_duration_seconds',
  help: 'HTTP request duration by route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const dbQueryDuration = new client.Histogram({
  name: 'casedesk_db_query_duration_seconds',
  help: 'Database query duration',
  buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

export const openSockets = new client.Gauge({
  name: 'casedesk_open_sockets',
  help: 'Open live websocket connections',
  registers: [registry],
});

export const jobQueueDepth = new client.Gauge({
  name: 'casedesk_job_queue_depth',
  help: 'Jobs queued or active per queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const authFailures = new client.Counter({
  name: 'casedesk_auth_failures_total',
  help: 'Requests refused for authentication or authorization',
  labelNames: ['status'] as const,
  registers: [registry],
});

export function observeQuery(milliseconds: number): void {
  dbQueryDuration.observe(milliseconds / 1000);
}
