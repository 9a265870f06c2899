import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/test/fake-api.ts';
import { clientDetail } from '@/test/fixtures.ts';
import { ClientProfileForm } from './client-profile-form.tsx';
import { renderWithProviders } from './test-utils.tsx';

afterEach(() => vi.unstubAllGlobals());

const CLIENT = clientDetail({ dateOfBirth: '1984-02-29', primaryNumber: '2135550142' });

describe('ClientProfileForm', () => {
  it('shows the date of birth as MM-dd-yyyy and the phone masked', () => {
    fakeApi();
    renderWithProviders(<ClientProfileForm client={CLIENT} editable />);
    expect(screen.getByLabelText('Date Of Birth')).toHaveProperty('value', '02-29-1984');
    expect(screen.getByLabelText('Primary Number')).toHaveProperty('value', '(213) 555-0142');
  });

  it('shows the SPEC §5 messages under the fields, prefixed with an asterisk, and sends nothing', async () => {
    const api = fakeApi();
    renderWithProviders(<ClientProfileForm client={CLIENT} editable />);
    fireEvent.change(screen.getByLabelText('Date Of Birth'), { target: { value: '02-29-2001' } });
    fireEvent.change(screen.getByLabelText(/First Name/), { target: { value: 'x'.repeat(31) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('* Date Of Birth must be a valid date.')).toBeTruthy();
    expect(screen.getByText('* First Name must be 30 characters or less.')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('shows the server field errors under their fields', async () => {
    const api = fakeApi({
      'PUT /api/v1/client': apiError(400, 'Office is not one of the offices you may manage clients of.', {
        fieldErrors: { city: 'City must be 50 characters or less.' },
      }),
    });
    renderWithProviders(<ClientProfileForm client={CLIENT} editable />);
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Reno' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByText('* City must be 50 characters or less.')).toBeTruthy());
    expect(api.calls('PUT /api/v1/client').map((r) => r.query.id)).toEqual([CLIENT.id]);
  });

  it('is read-only without CLIENT_PROFILE UPDATE', () => {
    fakeApi();
    renderWithProviders(<ClientProfileForm client={CLIENT} editable={false} />);
    expect(screen.getByLabelText('City')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });
});
