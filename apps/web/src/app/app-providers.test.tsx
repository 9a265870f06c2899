import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchTimers } from '@/test/timers.ts';
import { AppProviders, TOAST_MS } from './app-providers.tsx';

afterEach(() => vi.restoreAllMocks());

describe('AppProviders', () => {
  it('closes a toast by itself after 1.5 s (SPEC §9)', async () => {
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    const timers = watchTimers();
    act(() => {
      notifications.show({ message: 'Saved the thing' });
    });
    expect(await screen.findByText('Saved the thing')).toBeTruthy();
    expect(TOAST_MS).toBe(1500);
    await waitFor(() => expect(timers.setWith(TOAST_MS)).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByText('Saved the thing')).toBeNull(), { timeout: 5_000 });
  });
});
