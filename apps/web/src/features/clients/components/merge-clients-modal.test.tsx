import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/test/fake-api.ts';
import { clientDetail } from '@/test/fixtures.ts';
import { MergeClientsModal } from './merge-clients-modal.tsx';
import { renderWithProviders } from './test-utils.tsx';

const A = clientDetail({
  id: '00000000-0000-4000-8000-00000000000a',
  email: 'a@example.com',
  primaryNumber: '2135550101',
  city: 'Reno',
});
const B = clientDetail({
  id: '00000000-0000-4000-8000-00000000000b',
  email: 'b@example.com',
  primaryNumber: '2135550102',
  dateOfBirth: '1990-05-06',
  city: 'Reno',
});

afterEach(() => vi.unstubAllGlobals());

describe('MergeClientsModal', () => {
  it('asks only about differing fields, prefers a filled value, and sends each choice as survivor/merged', async () => {
    const api = fakeApi({
      'POST /api/v1/client/merge': { survivor: A, mergedId: B.id, moved: {} },
      'GET /api/v1/client': ({ query }) => [A, B].find((c) => c.id === query.id) ?? apiError(404, 'Client not found.'),
    });
    const onMerged = vi.fn();
    renderWithProviders(<MergeClientsModal clientIds={[A.id, B.id]} onClose={() => undefined} onMerged={onMerged} />);

    const table = await screen.findByRole('table', { name: 'Differing fields' });
    expect(table.textContent).toContain('Email');
    expect(table.textContent).toContain('Primary Number');
    expect(table.textContent).toContain('Date Of Birth');
    expect(table.textContent).not.toContain('City');
    // The kept record has no date of birth: the other one's is preselected (an empty value never wins).
    expect(screen.getByRole('radio', { name: 'Date Of Birth: 05-06-1990' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Primary Number: (213) 555-0101' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Email: b@example.com' }));

    fireEvent.click(screen.getByRole('button', { name: /^Merge into/ }));
    await waitFor(() => expect(onMerged).toHaveBeenCalledWith(A.id));
    expect(api.bodies('POST /api/v1/client/merge')[0]).toEqual({
      survivorId: A.id,
      mergedId: B.id,
      fields: { email: 'merged', primaryNumber: 'survivor', dateOfBirth: 'merged' },
    });
  });
});
