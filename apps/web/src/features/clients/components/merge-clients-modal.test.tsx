import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MergeClientsModal } from './merge-clients-modal.tsx';
import { clientDetail, json, renderWithProviders, stubFetch } from './test-utils.tsx';

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
    const bodies: unknown[] = [];
    stubFetch((url, init) => {
      if (url.includes('/api/v1/client/merge')) {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ survivor: A, mergedId: B.id, moved: {} });
      }
      if (url.includes(`id=${A.id}`)) return json(A);
      if (url.includes(`id=${B.id}`)) return json(B);
      return undefined;
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
    expect(bodies[0]).toEqual({
      survivorId: A.id,
      mergedId: B.id,
      fields: { email: 'merged', primaryNumber: 'survivor', dateOfBirth: 'merged' },
    });
  });
});
