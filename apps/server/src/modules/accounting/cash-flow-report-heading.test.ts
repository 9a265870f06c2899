import { describe, expect, it } from 'vitest';
import { reportHeading } from './cash-flow-report-heading.ts';

const la = { name: 'Los Angeles', timeZone: 'America/Los_Angeles' };
const phoenix = { name: 'Phoenix', timeZone: 'America/Phoenix' };
const none = { lawType: null, enteredBy: null, client: null };
const at = new Date('2026-01-16T17:00:00Z');

describe('the cash-flow report heading', () => {
  it('names the offices, days, filters, sort and the one time zone', () => {
    const heading = reportHeading(
      { offices: [la], lawType: 'Immigration', enteredBy: 'Morgan Manager', client: null },
      {
        pageNumber: 1,
        pageSize: 10,
        sortBy: 'fees',
        sortOrder: 'DESC',
        filter: {
          dateFrom: '2026-01-01',
          dateTo: '2026-01-15',
          paymentType: 'MONEY_ORDER',
          lawTypeId: 'x',
          enteredById: 'y',
          officeEntered: true,
        },
      },
      'Alex Accountant',
      -8,
      at,
    );
    expect(heading.lines).toEqual([
      'Offices: Los Angeles · payment days: 01-01-2026 to 01-15-2026',
      'Filters: payment type Money order · law type Immigration · entered by Morgan Manager · office-entered only · reversed entries and their reversals hidden · sorted by fees, descending',
      'Time zone: payment days are office days in America/Los_Angeles; entry times at UTC-8',
    ]);
    expect(heading.generatedAt).toBe('01-16-2026 09:00 AM (UTC-8)');
  });

  it('lists each office’s zone, and does not name a client outside the caller’s offices', () => {
    const heading = reportHeading(
      { offices: [la, phoenix], ...none },
      { pageNumber: 1, pageSize: 10, filter: { clientId: '00000000-0000-4000-8000-000000000001', showReversed: true } },
      'Alex Accountant',
      0,
      at,
    );
    expect(heading.lines).toEqual([
      'Offices: Los Angeles, Phoenix · payment days: all days',
      'Filters: client not in your offices · reversed entries and their reversals shown',
      'Time zone: payment days are office days in each office’s own time zone (America/Los_Angeles, America/Phoenix); entry times at UTC',
    ]);
  });
});
