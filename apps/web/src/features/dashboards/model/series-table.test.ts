import { describe, expect, it } from 'vitest';
import type { Series } from '@casedesk/contract/dashboards/dashboard';
import { chartTable, groupSeries, hasPoints, pickSeries } from './series-table.ts';

const drill = (hour: number) => ({ dashboard: 'CALL_CENTER' as const, figure: 'inboundCalls' as const, hour });

const inbound: Series = {
  key: 'callsByHour',
  label: 'Inbound',
  unit: 'count',
  group: 'calls',
  points: [
    { label: '09', value: 3, drill: drill(9) },
    { label: '10', value: 5, drill: drill(10) },
  ],
};
const outbound: Series = {
  ...inbound,
  label: 'Outbound',
  points: [
    { label: '10', value: 1, drill: { ...drill(10), figure: 'outboundCalls' } },
    { label: '11', value: 2, drill: { ...drill(11), figure: 'outboundCalls' } },
  ],
};
const byOperator: Series = { key: 'appointmentsByOperator', label: 'Set', unit: 'count', group: 'ops', points: [] };

describe('chartTable', () => {
  it('puts the series of a group side by side, one row per label in order of first appearance', () => {
    const table = chartTable([inbound, outbound]);
    expect(table.names).toEqual(['Inbound', 'Outbound']);
    expect(table.rows).toEqual([
      { label: '09', values: { Inbound: 3 } },
      { label: '10', values: { Inbound: 5, Outbound: 1 } },
      { label: '11', values: { Outbound: 2 } },
    ]);
    expect(table.drills[1]!.Outbound).toEqual({ ...drill(10), figure: 'outboundCalls' });
  });
});

describe('groupSeries', () => {
  it('gathers series by group, keeping the server order', () => {
    expect(groupSeries([inbound, byOperator, outbound])).toEqual([[inbound, outbound], [byOperator]]);
  });
});

describe('pickSeries and hasPoints', () => {
  it('picks by key in the order asked and says whether anything is drawn', () => {
    expect(pickSeries([inbound, byOperator], ['appointmentsByOperator', 'callsByHour'])).toEqual([byOperator, inbound]);
    expect(hasPoints([byOperator])).toBe(false);
    expect(hasPoints([inbound])).toBe(true);
  });
});
