import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { refreshOfficeCaches } from './refresh-office-caches.ts';

describe('refreshOfficeCaches', () => {
  it('marks every office choice elsewhere stale, and the attorney lists, but not unrelated answers', async () => {
    const client = createQueryClient();
    // The keys the other features' readers use: office filters, SMS from-numbers, all offices, caller ids.
    const elsewhere = [
      ['dropdown', 'office', 'LEADS'],
      ['dropdown', 'office', 'smsOffice'],
      ['dropdown', 'allOffices'],
      ['dropdown', 'outgoingCallNumbers'],
      ['attorneys', 'allSchedule'],
      ['offices', 'list', {}],
    ];
    for (const key of [...elsewhere, ['holidays', {}]]) client.setQueryData(key, []);
    await refreshOfficeCaches(client);
    for (const key of elsewhere) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    expect(client.getQueryState(['holidays', {}])?.isInvalidated).toBe(false);
  });
});
