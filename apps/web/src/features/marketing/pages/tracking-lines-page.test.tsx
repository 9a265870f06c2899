import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/test/fake-api.ts';
import { pick, renderAt, stubMarketing, trackingLine } from '../test-utils.tsx';
import { TrackingLinesPage } from './tracking-lines-page.tsx';

describe('TrackingLinesPage', () => {
  it('shows lines per type and the attribution with first and last touch side by side', async () => {
    const api = stubMarketing();
    renderAt(<TrackingLinesPage />, '/marketing/tracking-lines');
    const tv = await screen.findByRole('link', { name: /^TV/ });
    expect(tv.getAttribute('href')).toBe('/marketing/tracking-lines/tv');
    expect(tv.textContent).toContain('2lines');
    const table = await screen.findByTestId('attribution-table');
    expect(await within(table).findByText('TV – Spanish')).toBeTruthy();
    expect(within(table).getByText('Leads 1st')).toBeTruthy();
    expect(within(table).getByText('Leads last')).toBeTruthy();
    expect(within(table).getByText('Fees 1st')).toBeTruthy();
    expect(within(table).getAllByText('3,500.00')).toHaveLength(2);
    expect(within(table).getByText('1,250.00')).toBeTruthy();
    expect(screen.getByTestId('attribution-totals').textContent).toContain('5 leads');
    expect(screen.getByTestId('attribution-totals').textContent).toContain('fees collected $3,500.00');
    const request = api.bodies('POST /api/v1/dnis/attribution')[0] as Record<string, string>;
    expect(Object.keys(request).sort()).toEqual(['monthFrom', 'monthTo']);
  });

  it('maps an unresolved number from the day of its first call', async () => {
    const api = stubMarketing({
      'POST /api/v1/dnis': ({ body }) => ({ ...trackingLine({ dnis: (body as { dnis: string }).dnis }), mappings: [] }),
    });
    const user = userEvent.setup();
    renderAt(<TrackingLinesPage />, '/marketing/tracking-lines');
    await user.click(await screen.findByRole('tab', { name: 'Unresolved numbers' }));
    await user.click(await screen.findByRole('button', { name: 'Map 8885550499' }));
    const form = await screen.findByRole('form', { name: 'New tracking line' });
    expect((within(form).getByLabelText(/Effective from/) as HTMLInputElement).value).toBe(
      new Date('2026-10-03T15:00:00.000Z').toLocaleDateString('en-CA'),
    );
    await user.type(within(form).getByLabelText(/^Source/), 'Old flyer');
    await pick(user, /Point to/, 'Call Center');
    await pick(user, /^Office/, 'Phoenix');
    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    await waitFor(() => expect(api.bodies('POST /api/v1/dnis')).toHaveLength(1));
    expect(api.bodies('POST /api/v1/dnis')[0]).toMatchObject({
      dnis: '8885550499',
      source: 'Old flyer',
      type: 'OTHER',
    });
  });

  it('enters spend in cents', async () => {
    const api = stubMarketing({
      'PUT /api/v1/dnis/spend': ({ body }) =>
        ({ ...(body as object), id: trackingLine().id, enteredAt: '2026-11-01T00:00:00.000Z' }) as never,
    });
    const user = userEvent.setup();
    renderAt(<TrackingLinesPage />, '/marketing/tracking-lines');
    const form = await screen.findByRole('form', { name: 'Enter spend' });
    await user.type(within(form).getByLabelText(/^Source/), 'Google Ads');
    await user.type(within(form).getByLabelText(/Amount/), '1,234.56');
    await user.click(within(form).getByRole('button', { name: 'Save spend' }));
    await waitFor(() => expect(api.bodies('PUT /api/v1/dnis/spend')).toHaveLength(1));
    expect(api.bodies('PUT /api/v1/dnis/spend')[0]).toMatchObject({ source: 'Google Ads', amountCents: 123_456 });
  });

  it('says when the report could not be loaded', async () => {
    stubMarketing({ 'POST /api/v1/dnis/attribution': apiError(500, 'Something went wrong!') });
    renderAt(<TrackingLinesPage />, '/marketing/tracking-lines');
    expect(await screen.findByText('The attribution report could not be loaded')).toBeTruthy();
  });
});
