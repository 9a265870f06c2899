import { describe, expect, it } from 'vitest';
import { accessOf, requirementsOf } from './route-access.ts';

const route = (config: Record<string, unknown>) => ({ config }) as Parameters<typeof accessOf>[0];

describe('accessOf', () => {
  it('names one permission, or the alternatives of anyPermission joined by |', () => {
    expect(accessOf(route({ permission: ['CALLS', 'READ'] }))).toBe('CALLS:READ');
    expect(
      accessOf(
        route({
          anyPermission: [
            ['CALL_CENTER_REPORTING', 'READ'],
            ['COMMUNICATION_REPORTING', 'READ'],
          ],
        }),
      ),
    ).toBe('CALL_CENTER_REPORTING:READ|COMMUNICATION_REPORTING:READ');
  });

  it('refuses a route that declares two kinds of access, or fewer than two alternatives', () => {
    expect(accessOf(route({ permission: ['CALLS', 'READ'], anyPermission: [['SMS', 'READ']] }))).toBeUndefined();
    expect(accessOf(route({ anyPermission: [['SMS', 'READ']] }))).toBeUndefined();
    expect(accessOf(route({ anyPermission: [] }))).toBeUndefined();
    expect(accessOf(route({}))).toBeUndefined();
  });
});

describe('requirementsOf', () => {
  it('is the permission, else the alternatives, else nothing', () => {
    expect(requirementsOf({ permission: ['CALLS', 'READ'] })).toEqual([['CALLS', 'READ']]);
    expect(requirementsOf({ anyPermission: [['SMS', 'READ'], ['CALLS', 'READ']] })).toHaveLength(2);
    expect(requirementsOf({ public: true })).toEqual([]);
  });
});
