import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TimelineItem } from '@casedesk/contract/dashboards/dashboard';
import { uuid } from '@/test/fixtures.ts';
import { dashboard, figure, renderDashboard } from '../test-utils.tsx';
import { OfficeTimeline } from './office-timeline.tsx';

const item = (n: number, at: string, over: Partial<TimelineItem> = {}): TimelineItem => ({
  appointmentId: uuid(100 + n),
  officeId: uuid(1),
  officeName: 'Main Office',
  appointmentDateTime: at,
  appointmentLength: 30,
  clientName: `Client ${n}`,
  attorneyName: 'Avery Attorney',
  stage: 'Showed',
  apptStatus: 'CONFIRMED',
  colour: 'blue',
  ...over,
});

describe('OfficeTimeline', () => {
  it("lists today's appointments in time order at the office's time, in their SPEC §4 colours, with a line at now", () => {
    // generatedAt (now) is 15:00 UTC = 10:00 in New York.
    const board = dashboard('OFFICE', [], {
      timeline: [
        item(3, '2026-11-27T19:30:00.000Z', { colour: 'pink', apptStatus: 'WAIT_LIST', stage: 'Appointment set' }),
        item(1, '2026-11-27T13:00:00.000Z', { colour: 'red', stage: 'No show' }),
        item(2, '2026-11-27T16:00:00.000Z', { colour: 'green', apptStatus: 'CONFIRMED', stage: 'Appointment set' }),
      ],
    });
    renderDashboard(
      <OfficeTimeline dashboard={board} figure={figure('OFFICE', 'appointmentsToday', 'Appointments today', 3)} />,
    );
    const rows = screen.getAllByTestId('timeline-item');
    expect(rows.map((r) => within(r).getByText(/Client/).textContent)).toEqual(['Client 1', 'Client 2', 'Client 3']);
    expect(rows.map((r) => within(r).getByText(/AM|PM/).textContent)).toEqual(['8:00 AM', '11:00 AM', '2:30 PM']);
    expect(rows.map((r) => r.getAttribute('data-colour'))).toEqual(['red', 'green', 'pink']);
    // The appointment lists' tokens: the light tint and a bar of the filled colour.
    expect(rows[0]!.getAttribute('style')).toContain('var(--mantine-color-red-light)');
    expect(rows[0]!.getAttribute('style')).toContain('var(--mantine-color-red-filled)');
    // Past ones say their stage, upcoming ones their appt status.
    expect(within(rows[0]!).getByText('No show')).toBeTruthy();
    expect(within(rows[2]!).getByText('Wait list')).toBeTruthy();
    const list = rows[0]!.parentElement!;
    const order = [...list.children].map((c) => c.getAttribute('aria-label') ?? c.getAttribute('data-colour'));
    expect(order).toEqual(['red', 'Now', 'green', 'pink']);
  });

  it('says when there is nothing today', () => {
    renderDashboard(<OfficeTimeline dashboard={dashboard('OFFICE', [])} figure={undefined} />);
    expect(screen.getByText('No appointments today')).toBeTruthy();
  });
});
