import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateOfBirthInput, DateTimeTextInput, parseLocalDateTime } from './date-inputs.tsx';

describe('parseLocalDateTime (SPEC §5 MM-dd-yyyy hh:mm AM/PM, browser zone; tests run in UTC)', () => {
  it.each([
    ['01-15-2026 06:30 PM', '2026-01-15T18:30:00.000Z'],
    ['01-15-2026 12:05 AM', '2026-01-15T00:05:00.000Z'],
    ['01-15-2026 12:05 pm', '2026-01-15T12:05:00.000Z'],
    ['02-29-2024', '2024-02-29T00:00:00.000Z'],
  ])('%s → %s', (text, iso) => expect(parseLocalDateTime(text)).toBe(iso));

  it.each(['02-29-2023', '13-01-2026', '01-15-2026 13:00 PM', '01-15-2026 10:61 AM', 'yesterday', ''])(
    '%j is not a date-time',
    (text) => expect(parseLocalDateTime(text)).toBeUndefined(),
  );
});

function Harness({ initial, kind }: { initial: string; kind: 'dob' | 'dateTime' }) {
  const [value, setValue] = useState(initial);
  const Input = kind === 'dob' ? DateOfBirthInput : DateTimeTextInput;
  return (
    <MantineProvider>
      <Input label="Field" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}

describe('date inputs', () => {
  it('date of birth: digits typed in any form are held as MM-dd-yyyy', () => {
    render(<Harness initial="" kind="dob" />);
    fireEvent.change(screen.getByLabelText('Field'), { target: { value: '02291988' } });
    expect(screen.getByTestId('value').textContent).toBe('02-29-1988');
    expect((screen.getByLabelText('Field') as HTMLInputElement).value).toBe('02-29-1988');
  });

  it('date-time: holds the instant when the text reads as one, else the text (for the schema to refuse)', () => {
    render(<Harness initial="2026-01-15T18:30:00.000Z" kind="dateTime" />);
    const input = screen.getByLabelText('Field') as HTMLInputElement;
    expect(input.value).toBe('01-15-2026 06:30 PM');
    fireEvent.change(input, { target: { value: '01-16-2026 07:00 AM' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-01-16T07:00:00.000Z');
    fireEvent.change(input, { target: { value: 'soon' } });
    expect(screen.getByTestId('value').textContent).toBe('soon');
    expect(input.value).toBe('soon');
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByTestId('value').textContent).toBe('');
  });
});
