import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import type { Db } from '../../../platform/db/database.ts';
import { uuidOfExternalId } from '../calendar-provider-events.service.ts';
import { createCalendarProvider } from './create-calendar-provider.ts';

const graphEnv = {
  CALENDAR_PROVIDER: 'graph',
  GRAPH_TENANT_ID: 'contoso',
  GRAPH_CLIENT_ID: 'casedesk',
  GRAPH_CLIENT_SECRET: 'secret',
};
/** Neither provider touches the database while being created. */
const noDb = {} as Db;

describe('calendar provider configuration', () => {
  it('the database by default, with Graph’s public endpoint and sync settings ready', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      CALENDAR_PROVIDER: 'database',
      GRAPH_BASE_URL: 'https://graph.microsoft.com/v1.0',
      CALENDAR_SYNC_MAX_ATTEMPTS: 5,
      CALENDAR_SYNC_RETRY_DELAY_SECONDS: 15,
      CALENDAR_SYNC_SWEEP_SECONDS: 300,
    });
    expect(createCalendarProvider(config, noDb).name).toBe('database');
  });

  it('Graph when configured, and only with all three credentials', () => {
    expect(createCalendarProvider(loadConfig(graphEnv), noDb).name).toBe('graph');
    expect(() => loadConfig({ ...graphEnv, GRAPH_CLIENT_SECRET: '' })).toThrow(
      'CALENDAR_PROVIDER=graph needs GRAPH_TENANT_ID, GRAPH_CLIENT_ID and GRAPH_CLIENT_SECRET.',
    );
    expect(() => loadConfig({ CALENDAR_PROVIDER: 'outlook' })).toThrow();
  });
});

describe('uuidOfExternalId', () => {
  it('gives a Graph event a valid uuid that stays the same from one read to the next', () => {
    const id = uuidOfExternalId('AAMkAGI2TGuLAAA=');
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(uuidOfExternalId('AAMkAGI2TGuLAAA=')).toBe(id);
    expect(uuidOfExternalId('AAMkAGI2TGuMAAA=')).not.toBe(id);
  });
});
