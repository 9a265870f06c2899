import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CentsInput } from './cents-input.tsx';
import { CountedTextarea } from './counted-textarea.tsx';
import type { MaskedValueProps } from './digit-mask-input.tsx';
import { ExtensionInput } from './extension-input.tsx';
import { PhoneInput } from './phone-input.tsx';
import { SsnInput } from './ssn-input.tsx';

/** A form's state around a masked input: the stored digits are what onChange reported. */
function renderMasked(Input: ComponentType<MaskedValueProps>, initial = '') {
  const reported = vi.fn<(digits: string) => void>();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <Input
        label="Field"
        value={value}
        onChange={(digits) => {
          reported(digits);
          setValue(digits);
        }}
      />
    );
  }
  render(
    <MantineProvider env="test">
      <Harness />
    </MantineProvider>,
  );
  return { input: screen.getByLabelText('Field') as HTMLInputElement, reported };
}

describe('PhoneInput (SPEC §5: (###) ###-####, stored without punctuation)', () => {
  it('typing 2135550199 shows (213) 555-0199 and reports 2135550199', async () => {
    const user = userEvent.setup();
    const { input, reported } = renderMasked(PhoneInput);
    await user.type(input, '2135550199');
    expect(input.value).toBe('(213) 555-0199');
    expect(reported).toHaveBeenLastCalledWith('2135550199');
  });

  it('ignores letters and punctuation and stops at ten digits', async () => {
    const user = userEvent.setup();
    const { input, reported } = renderMasked(PhoneInput);
    await user.type(input, '(21a3)-555 01999999');
    expect(input.value).toBe('(213) 555-0199');
    expect(reported.mock.calls.every(([digits]) => /^\d{0,10}$/.test(digits))).toBe(true);
  });

  it('takes a pasted formatted number as its digits', async () => {
    const user = userEvent.setup();
    const { input, reported } = renderMasked(PhoneInput);
    input.focus();
    await user.paste('+1 213.555.0199');
    // A leading country code is a digit too: the first ten digits are kept.
    expect(reported).toHaveBeenLastCalledWith('1213555019');
  });

  it('shows a stored value formatted, and backspace removes digits, not punctuation only', async () => {
    const user = userEvent.setup();
    const { input, reported } = renderMasked(PhoneInput, '2135550199');
    expect(input.value).toBe('(213) 555-0199');
    await user.type(input, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(input.value).toBe('(213) 55');
    expect(reported).toHaveBeenLastCalledWith('21355');
  });

  it('keeps the caret among the digits when typing in the middle', async () => {
    const user = userEvent.setup();
    const { input, reported } = renderMasked(PhoneInput, '213555019');
    await user.type(input, '9', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(reported).toHaveBeenLastCalledWith('2139555019');
    expect(input.value).toBe('(213) 955-5019');
    expect(input.selectionStart).toBe(7);
  });
});

describe('SsnInput and ExtensionInput', () => {
  it('SSN shows ###-##-#### and stores nine digits', async () => {
    const user = userEvent.setup();
    const { input, reported } = renderMasked(SsnInput);
    await user.type(input, '1234567890');
    expect(input.value).toBe('123-45-6789');
    expect(reported).toHaveBeenLastCalledWith('123456789');
  });

  it('extension takes six digits', async () => {
    const user = userEvent.setup();
    const { input, reported } = renderMasked(ExtensionInput);
    await user.type(input, '12x345678');
    expect(input.value).toBe('123456');
    expect(reported).toHaveBeenLastCalledWith('123456');
  });
});

describe('CentsInput (SPEC §5: decimals as cents with two decimals)', () => {
  function renderCents(initial: number | null) {
    const reported = vi.fn<(cents: number | null) => void>();
    function Harness() {
      const [value, setValue] = useState(initial);
      return (
        <CentsInput
          label="Fees"
          value={value}
          onChange={(cents) => {
            reported(cents);
            setValue(cents);
          }}
        />
      );
    }
    render(
      <MantineProvider env="test">
        <Harness />
        <button type="button">elsewhere</button>
      </MantineProvider>,
    );
    return { input: screen.getByLabelText('Fees') as HTMLInputElement, reported };
  }

  it('shows a stored amount with two decimals', () => {
    expect(renderCents(12345).input.value).toBe('123.45');
  });

  it('reports integer cents while typing and formats on blur', async () => {
    const user = userEvent.setup();
    const { input, reported } = renderCents(null);
    await user.type(input, '1a23.456');
    expect(input.value).toBe('123.45');
    expect(reported).toHaveBeenLastCalledWith(12345);
    await user.clear(input);
    await user.type(input, '7.5');
    expect(reported).toHaveBeenLastCalledWith(750);
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input.value).toBe('7.50');
  });

  it('reports null when emptied', async () => {
    const user = userEvent.setup();
    const { input, reported } = renderCents(500);
    await user.clear(input);
    expect(reported).toHaveBeenLastCalledWith(null);
  });
});

describe('CountedTextarea (SPEC §5: default limit 500)', () => {
  it('counts characters against 500 and stops at the limit', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <CountedTextarea label="Notes" />
      </MantineProvider>,
    );
    const textarea = screen.getByLabelText('Notes') as HTMLTextAreaElement;
    expect(textarea.maxLength).toBe(500);
    expect(screen.getByTestId('textarea-counter').textContent).toBe('0 / 500');
    await user.type(textarea, 'hello');
    expect(screen.getByTestId('textarea-counter').textContent).toBe('5 / 500');
  });

  it('follows a controlled value and a custom limit it does not enforce', () => {
    render(
      <MantineProvider env="test">
        <CountedTextarea
          label="Message"
          value={'x'.repeat(1601)}
          onChange={() => undefined}
          maxLength={1600}
          enforceMaxLength={false}
        />
      </MantineProvider>,
    );
    expect(screen.getByTestId('textarea-counter').textContent).toBe('1601 / 1600');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).maxLength).toBe(-1);
  });
});
