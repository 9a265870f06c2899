import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, TOAST_MS } from './app-providers.tsx';

afterEach(() => vi.restoreAllMocks());

describe('AppProviders', () => {
  it('closes a toast by itself after 1.5 s (SPEC §9)', async () => {
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    // The close is a timer of the page's: its delay is read where it is set, not measured on a clock.
    const timers = vi.spyOn(window, 'setTimeout');
    act(() => {
      notifications.show({ message: 'Saved the thing' });
    });
    expect(await screen.findByText('Saved the thing')).toBeTruthy();
    expect(TOAST_MS).toBe(1500);
    await waitFor(() => expect(timers.mock.calls.some(([, delay]) => delay === TOAST_MS)).toBe(true));
    await waitFor(() => expect(screen.queryByText('Saved the thing')).toBeNull(), { timeout: 5_000 });
  });
});
