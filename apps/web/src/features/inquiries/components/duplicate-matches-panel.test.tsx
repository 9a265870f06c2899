import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InquiryDuplicateMatch } from '@casedesk/contract/matching/duplicate-check';
import { createQueryClient } from '@/lib/query-client.ts';
import { apiError, fakeApi } from '@/test/fake-api.ts';
import type { DuplicateMatchesPanelProps } from './duplicate-matches-panel.tsx';
import { DuplicateMatchesPanel } from './duplicate-matches-panel.tsx';

const DUPLICATES = 'POST /api/v1/inquiry/duplicate';
const ROBERT: InquiryDuplicateMatch = {
  clientId: '11111111-1111-4111-8111-111111111111',
  firstName: 'Robert',
  middleName: null,
  lastName: 'Smith',
  dateOfBirth: '1980-04-12',
  email: 'robert@example.com',
  primaryNumber: '2135550101',
  secondaryNumber: null,
  mobileNumber: null,
  homeNumber: null,
  lmsClientNumber: null,
  score: 82,
  reasons: ['SAME_PHONE', 'NICKNAME', 'NAME_SOUNDS_ALIKE'],
  nicknameOf: 'Robert',
  inquiries: [{ id: '22222222-2222-4222-8222-222222222222', createdAt: '2026-01-02T03:04:05.000Z' }],
};

function renderPanel(props: DuplicateMatchesPanelProps) {
  const client = createQueryClient();
  const wrap = (p: DuplicateMatchesPanelProps): ReactElement => (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <DuplicateMatchesPanel {...p} />
      </QueryClientProvider>
    </MantineProvider>
  );
  const view = render(wrap(props));
  return { rerender: (p: DuplicateMatchesPanelProps) => view.rerender(wrap(p)) };
}

async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DuplicateMatchesPanel (matches within 300 ms of the last keystroke)', () => {
  it('asks once, 250 ms after typing stops, with only complete values', async () => {
    const api = fakeApi({ [DUPLICATES]: [ROBERT] });
    const panel = renderPanel({ firstName: 'B', lastName: '' });
    panel.rerender({ firstName: 'Bo', lastName: 'S' });
    await elapse(100);
    panel.rerender({ firstName: 'Bob', lastName: 'Sm', phones: ['(213) 555-01'] });
    await elapse(100);
    panel.rerender({ firstName: 'Bob', lastName: 'Smyth', phones: ['(213) 555-0101', ''], dateOfBirth: '04-12-19' });
    await elapse(249);
    expect(api.bodies(DUPLICATES)).toEqual([]);

    await elapse(1);
    expect(api.bodies(DUPLICATES)).toEqual([{ firstName: 'Bob', lastName: 'Smyth', phones: ['2135550101'] }]);
    expect(screen.getByText('Robert Smith')).toBeTruthy();
    expect(screen.getByText('82%')).toBeTruthy();
    expect(screen.getByText('same phone')).toBeTruthy();
    expect(screen.getByText('nickname of Robert')).toBeTruthy();
    expect(screen.getByText('name sounds alike')).toBeTruthy();
    expect(screen.getByText('DOB 04-12-1980 · (213) 555-0101 · robert@example.com')).toBeTruthy();

    await elapse(1000);
    expect(api.bodies(DUPLICATES)).toHaveLength(1);
  });

  it('shows nothing and asks nothing without enough input', async () => {
    const api = fakeApi({ [DUPLICATES]: [] });
    const panel = renderPanel({ firstName: '', lastName: '', phones: [''], email: 'rob@', dateOfBirth: '' });
    await elapse(1000);
    panel.rerender({ firstName: 'R', lastName: 'S', phones: ['213'] });
    await elapse(1000);
    expect(api.bodies(DUPLICATES)).toEqual([]);
    expect(screen.queryByTestId('duplicate-matches')).toBeNull();
  });

  it('keeps the previous matches on screen while the next ones load (no flicker)', async () => {
    let answer = [ROBERT];
    const api = fakeApi({ [DUPLICATES]: () => answer });
    const panel = renderPanel({ firstName: 'Bob', lastName: 'Smith' });
    await elapse(250);
    expect(screen.getByText('Robert Smith')).toBeTruthy();
    answer = [];
    panel.rerender({ firstName: 'Bob', lastName: 'Smithers' });
    await elapse(100);
    expect(screen.getByText('Robert Smith')).toBeTruthy();
    expect(screen.getByText('Updating…')).toBeTruthy();
    await elapse(150);
    expect(api.bodies(DUPLICATES)).toHaveLength(2);
    expect(screen.queryByText('Robert Smith')).toBeNull();
    expect(screen.getByText('No likely duplicates.')).toBeTruthy();
  });

  it('"Use this client" hands the client id to the form; the edited client is excluded', async () => {
    const api = fakeApi({ [DUPLICATES]: [ROBERT] });
    const onUseExisting = vi.fn();
    renderPanel({ phones: ['2135550101'], excludeClientId: '33333333-3333-4333-8333-333333333333', onUseExisting });
    await elapse(250);
    expect(api.bodies(DUPLICATES)).toEqual([
      { phones: ['2135550101'], excludeClientId: '33333333-3333-4333-8333-333333333333' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Use this client' }));
    expect(onUseExisting).toHaveBeenCalledWith(ROBERT.clientId);
  });

  it('says so when the check fails, without a popup', async () => {
    fakeApi({ [DUPLICATES]: apiError(500, 'x') });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel({ email: 'robert@example.com' });
    await elapse(250);
    expect(screen.getByText('Could not check for duplicates. It will try again as you type.')).toBeTruthy();
  });
});
