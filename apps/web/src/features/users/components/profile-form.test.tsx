import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { userDetail } from '@/test/fixtures.ts';
import { watchTimers } from '@/test/timers.ts';
import { CLOSE_AFTER_SAVE_MS, ProfileForm } from './profile-form.tsx';

const SAVED = 'User Profile has been updated successfully';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProfileForm', () => {
  it('says it saved, then closes the drawer a second later (SPEC §9)', async () => {
    const user = userDetail();
    fakeApi({ 'PUT /api/v1/user': ({ body }) => ({ ...user, ...(body as object) }) });
    const onClose = vi.fn();
    const timers = watchTimers();
    render(
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <ProfileForm user={user} editable onClose={onClose} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText('Extension'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(timers.setWith(CLOSE_AFTER_SAVE_MS)).toBe(1);
    expect(CLOSE_AFTER_SAVE_MS).toBe(1000);
    // Open while the message shows; closed by that timer.
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 5_000 });
  });
});
