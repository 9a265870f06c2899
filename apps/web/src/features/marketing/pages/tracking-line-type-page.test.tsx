import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/test/fake-api.ts';
import { page } from '@/test/fixtures.ts';
import { OFFICES, pick, renderAt, stubMarketing, trackingLine, trackingLinePermissions } from '../test-utils.tsx';
import { TrackingLineTypePage } from './tracking-line-type-page.tsx';

describe('TrackingLineTypePage', () => {
  it('lists the lines of the type in the URL', async () => {
    const api = stubMarketing();
    renderAt(<TrackingLineTypePage />, '/marketing/tracking-lines/tv');
    expect(await screen.findByRole('heading', { name: 'TV tracking lines' })).toBeTruthy();
    expect(await screen.findByText('Univision daytime')).toBeTruthy();
    await waitFor(() => expect(api.bodies('POST /api/v1/dnis/all')[0]).toMatchObject({ filter: { type: 'TV' } }));
  });

  it('re-maps a line from a date: the form sends the new mapping and the start of that day', async () => {
    const api = stubMarketing({
      'PUT /api/v1/dnis/:id': ({ params }) => ({
        ...trackingLine({ id: params.id, source: 'TV – Evening' }),
        mappings: [],
      }),
    });
    renderAt(<TrackingLineTypePage />, '/marketing/tracking-lines/tv');
    await userEvent.click(await screen.findByRole('button', { name: 'Re-map' }));
    const form = await screen.findByRole('form', { name: 'Re-map tracking line' });
    const source = within(form).getByLabelText(/Source/);
    await userEvent.clear(source);
    await userEvent.type(source, 'TV – Evening');
    const date = within(form).getByLabelText(/Effective from/);
    await userEvent.clear(date);
    await userEvent.type(date, '2030-02-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Save re-map' }));
    await waitFor(() => expect(api.bodies('PUT /api/v1/dnis/:id')).toHaveLength(1));
    const body = api.bodies('PUT /api/v1/dnis/:id')[0] as Record<string, unknown>;
    expect(body).toMatchObject({ source: 'TV – Evening', type: 'TV', officeId: OFFICES[1]!.id });
    expect(body.effectiveFrom).toBe(new Date(2030, 1, 1).toISOString());
    expect(body).not.toHaveProperty('dnis');
  });

  it('shows the server’s 409 for a number already in use beside the form', async () => {
    stubMarketing({ 'POST /api/v1/dnis': apiError(409, 'An active tracking line already has this number.') });
    renderAt(<TrackingLineTypePage />, '/marketing/tracking-lines/radio');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New line' }));
    const form = await screen.findByRole('form', { name: 'New tracking line' });
    await userEvent.type(within(form).getByLabelText(/DNIS/), '8885550401');
    await userEvent.type(within(form).getByLabelText(/^Source/), 'Radio – KTAR');
    await pick(user, /Point to/, 'Call Center');
    await pick(user, /^Office/, 'Phoenix');
    await userEvent.click(within(form).getByRole('button', { name: 'Add line' }));
    expect(await within(form).findByText('An active tracking line already has this number.')).toBeTruthy();
  });

  it('says the type has no lines, and offers no changes to a reader', async () => {
    stubMarketing({ 'POST /api/v1/dnis/all': page([]) });
    renderAt(<TrackingLineTypePage />, '/marketing/tracking-lines/print', trackingLinePermissions(['READ']));
    expect(await screen.findByText('No Print lines yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New line' })).toBeNull();
  });
});
