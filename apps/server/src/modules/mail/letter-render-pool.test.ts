import { describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../test/support/pdf-text.ts';
import { createLetterRenderPool } from './letter-render-pool.ts';

const office = {
  name: 'Dallas',
  streetAddress: '2200 Ross Ave',
  city: 'Dallas',
  state: 'TX',
  zip: '75201',
  phone: '2145550114',
  email: null,
};

describe('the letter-printing threads', () => {
  it('print each letter as the main thread would, side by side', { timeout: 60_000 }, async () => {
    const pool = createLetterRenderPool(2);
    try {
      const names = ['Ana Ortega', 'Ben Ortega', 'Cruz Ortega', 'Dee Ortega', 'Eli Ortega'];
      const printed = await Promise.all(
        names.map((name) =>
          pool.render({
            office,
            date: 'March 4, 2026',
            recipient: { name, streetAddress: '1 Elm St', city: 'Dallas', state: 'TX', zip: '75201' },
            subject: 'Office move',
            body: `Dear ${name},\n\nWe move next month.`,
          }),
        ),
      );
      expect(printed.map((p) => p.pages)).toEqual([1, 1, 1, 1, 1]);
      expect(printed.map(({ pdf }) => pdfTextLines(pdf).find((line) => line.startsWith('Dear ')))).toEqual(
        names.map((name) => `Dear ${name},`),
      );
    } finally {
      await pool.close();
    }
  });
});
