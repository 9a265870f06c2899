import { describe, expect, it } from 'vitest';
import { paths, withQuery } from './paths.ts';
import { ROUTE_ACCESS } from './route-access.ts';

describe('paths (SPEC §2 routes)', () => {
  it('builds the query strings of SPEC §2, leaving out what is not given', () => {
    expect(paths.management.searchClient.href({ searchKeyword: 'ann smith' })).toBe(
      '/management/search-client?searchKeyword=ann+smith',
    );
    expect(paths.management.searchClient.href()).toBe('/management/search-client');
    expect(paths.accounting.cashFlow.href({ cashflow: 'office' })).toBe('/accounting/cash-flow?cashflow=office');
    expect(paths.collections.management.href({ collection: 'holidays' })).toBe(
      '/collections/collection-management?collection=holidays',
    );
    expect(paths.collections.allAccounts.href({ account: 'open', assignee: 'me', assigneeId: 'u-1' })).toBe(
      '/collections/all-accounts?account=open&assignee=me&assigneeId=u-1',
    );
    expect(paths.collections.reporting.href({ report: 'weekly' })).toBe(
      '/collections/collection-reporting?report=weekly',
    );
    expect(withQuery('/x', { a: '', b: null, c: undefined, d: 0 })).toBe('/x?d=0');
  });

  it('encodes path parameters', () => {
    expect(paths.client.detail.href('a/b c')).toBe('/client/a%2Fb%20c');
    expect(paths.communication.inquiry.href('client', '42')).toBe('/client/inquiry/42');
    expect(paths.appointments.byType.href('pi')).toBe('/appointments/pi');
  });

  it('maps every route but the open ones to a permission (config/route-access.ts)', () => {
    const open = new Set<string>([
      paths.root.path,
      paths.loggedOut.path,
      paths.pnc.path,
      paths.apptDetail.path,
      paths.dashboard.root.path,
      paths.dev.dataTable.path,
      // The four appointment types are routed one by one, each with its own permission.
      paths.appointments.byType.path,
    ]);
    const patterns: string[] = [];
    const collect = (node: object) =>
      Object.values(node).forEach((value: unknown) => {
        if (value && typeof value === 'object') {
          if ('path' in value && typeof value.path === 'string') patterns.push(value.path);
          else collect(value);
        }
      });
    collect(paths);
    expect(patterns.length).toBeGreaterThan(35);
    expect(patterns.filter((pattern) => !open.has(pattern) && !ROUTE_ACCESS[pattern])).toEqual([]);
  });
});
