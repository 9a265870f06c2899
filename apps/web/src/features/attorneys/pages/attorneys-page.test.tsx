import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from '@/test/fixtures.ts';
import { renderPage, stubServer, SUMMARY, id } from '../test-utils.tsx';
import { AttorneysPage } from './attorneys-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const items = [
  SUMMARY,
  {
    ...SUMMARY,
    id: id(2),
    name: 'Ben Barrister',
    email: 'ben@casedesk.local',
    officeName: 'San Diego',
    lawType: null,
    jurisdiction: null,
    isLitigation: false,
    scheduleEntries: 0,
  },
];

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

describe('attorneys list', () => {
  it('lists the attorneys with office, law type, litigation and schedule size, and searches them', async () => {
    stubServer({ 'GET /api/v1/attorney/allSchedule': page(items) });
    const user = userEvent.setup();
    renderPage(<AttorneysPage />);
    const table = await screen.findByRole('table', { name: 'Attorneys' });
    await waitFor(() => expect(names(table)).toEqual(['Alma Attorney', 'Ben Barrister']));
    const alma = within(table).getByText('Alma Attorney').closest('tr')!;
    expect(within(alma).getByText('Litigation')).toBeTruthy();
    expect(within(alma).getByText('3 windows')).toBeTruthy();
    const ben = within(table).getByText('Ben Barrister').closest('tr')!;
    expect(within(ben).getByText('No schedule')).toBeTruthy();
    // happy-dom's window is 1024 px wide: the wide columns.
    expect(within(ben).getAllByText('Any')).toHaveLength(2);

    await user.type(screen.getByRole('textbox', { name: 'Search attorneys' }), 'san diego');
    await waitFor(() => expect(names(table)).toEqual(['Ben Barrister']));
    expect(screen.getByText('1 of 2 attorneys')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Search attorneys' }));
    await user.type(screen.getByRole('textbox', { name: 'Search attorneys' }), 'nobody');
    expect(await screen.findByText('No attorneys match "nobody"')).toBeTruthy();
  });

  it('sorts by a column on the loaded list', async () => {
    stubServer({ 'GET /api/v1/attorney/allSchedule': page(items) });
    const user = userEvent.setup();
    renderPage(<AttorneysPage />);
    const table = await screen.findByRole('table', { name: 'Attorneys' });
    await waitFor(() => expect(names(table)).toHaveLength(2));
    await user.click(within(table).getByRole('button', { name: /Weekly hours/ }));
    await waitFor(() => expect(names(table)).toEqual(['Ben Barrister', 'Alma Attorney']));
  });
});
