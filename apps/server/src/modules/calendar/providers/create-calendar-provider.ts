import type { Config } from '../../../config.ts';
import type { Db } from '../../../platform/db/database.ts';
import type { CalendarProvider } from './calendar-provider.ts';
import { databaseCalendarProvider } from './database-calendar-provider.ts';
import { graphCalendarProvider } from './graph-calendar-provider.ts';

/** CALENDAR_PROVIDER=graph with GRAPH_* credentials (config.ts checks they are all set), else the database. */
export function createCalendarProvider(
  config: Pick<
    Config,
    | 'CALENDAR_PROVIDER'
    | 'GRAPH_TENANT_ID'
    | 'GRAPH_CLIENT_ID'
    | 'GRAPH_CLIENT_SECRET'
    | 'GRAPH_BASE_URL'
    | 'GRAPH_TOKEN_URL'
  >,
  db: Db,
  fetchImpl?: typeof fetch,
): CalendarProvider {
  if (config.CALENDAR_PROVIDER !== 'graph') return databaseCalendarProvider(db);
  return graphCalendarProvider({
    tenantId: config.GRAPH_TENANT_ID!,
    clientId: config.GRAPH_CLIENT_ID!,
    clientSecret: config.GRAPH_CLIENT_SECRET!,
    baseUrl: config.GRAPH_BASE_URL,
    tokenUrl: config.GRAPH_TOKEN_URL,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
