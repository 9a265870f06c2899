import { zodResolver } from '@hookform/resolvers/zod';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { extensionField, phoneField, textField } from '@casedesk/contract/common/field-rules';
import {
  FormExtensionInput,
  FormNumberInput,
  FormPhoneInput,
  FormSelect,
  FormTextarea,
  FormTextInput,
} from './form-inputs.tsx';
import { FormCheckbox, FormSwitch } from './form-toggles.tsx';

// A form whose schema transforms its values (phones to digits, a blank office to null), as the
// contract's do: the inputs take its control as it is.
const schema = z.object({
  firstName: textField('firstName', { required: true }),
  notes: textField('notes', { max: 10 }),
  mobileNumber: phoneField('mobileNumber'),
  extension: extensionField('extension'),
  office: z.string().min(1, 'Office is a required field.'),
  lawType: z.string().nullable(),
  seconds: z.number().int().max(60, 'Seconds must be 60 or less.').optional(),
  autoText: z.boolean(),
  welcome: z.boolean(),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const DEFAULTS: Input = {
  firstName: '',
  notes: '',
  mobileNumber: '',
  extension: '',
  office: '',
  lawType: 'Family',
  seconds: undefined,
  autoText: true,
  welcome: false,
};

function TestForm({
  onSubmit,
  onOffice,
}: {
  onSubmit: (values: Output) => void;
  onOffice: (v: string | null) => void;
}) {
  const { control, handleSubmit } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: DEFAULTS,
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <FormTextInput control={control} name="firstName" required />
      <FormTextarea control={control} name="notes" maxLength={10} enforceMaxLength={false} />
      <FormPhoneInput control={control} name="mobileNumber" />
      <FormExtensionInput control={control} name="extension" label="Ext." />
      <FormSelect
        control={control}
        name="office"
        emptyValue=""
        required
        data={['Downtown', 'Uptown']}
        clearable
        onValueChange={onOffice}
      />
      <FormSelect
        control={control}
        name="lawType"
        label={null}
        aria-label="Law type"
        data={['Family', 'Criminal']}
        clearable
        error="Law types could not be loaded"
      />
      <FormNumberInput control={control} name="seconds" />
      <FormSwitch control={control} name="autoText" label="Auto text" />
      <FormCheckbox control={control} name="welcome" label="Send welcome SMS" />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm() {
  const onSubmit = vi.fn<(values: Output) => void>();
  const onOffice = vi.fn<(value: string | null) => void>();
  render(
    <MantineProvider env="test">
      <TestForm onSubmit={onSubmit} onOffice={onOffice} />
    </MantineProvider>,
  );
  return { onSubmit, onOffice, user: userEvent.setup() };
}

const save = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Save' }));

describe('Form* inputs (SPEC §5 labels and field errors)', () => {
  it('label each input from its field name unless told otherwise, with the asterisk where required', () => {
    renderForm();
    expect(screen.getByLabelText(/^First Name/).closest('.mantine-InputWrapper-root')?.textContent).toContain('*');
    expect(screen.getByLabelText('Mobile Number')).toBeTruthy();
    expect(screen.getByLabelText('Ext.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Office/ })).toBeTruthy();
    // label={null}: no visible label, the aria-label names it.
    expect(screen.getByRole('combobox', { name: 'Law type' })).toBeTruthy();
    expect(screen.queryByText('Law Type')).toBeNull();
  });

  it('show the schema’s messages in red under their fields as "* message", and submit nothing', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Notes'), 'x'.repeat(11));
    await user.type(screen.getByLabelText('Mobile Number'), '213');
    await user.type(screen.getByLabelText('Seconds'), '61');
    await save(user);

    const firstName = screen.getByLabelText(/^First Name/);
    const required = await screen.findByText('* First Name is a required field.');
    expect(required.className).toContain('mantine-InputWrapper-error');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(firstName.compareDocumentPosition(required) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('* Notes must be 10 characters or less.')).toBeTruthy();
    expect(screen.getByText('* Mobile Number must be a valid phone number.')).toBeTruthy();
    expect(screen.getByText('* Office is a required field.')).toBeTruthy();
    expect(screen.getByText('* Seconds must be 60 or less.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('show the caller’s error only while the field has none of its own', () => {
    renderForm();
    const lawType = screen.getByRole('combobox', { name: 'Law type' });
    expect(lawType.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Law types could not be loaded')).toBeTruthy();
  });

  it('hand the schema the values it expects: digits, a cleared select as its empty value, numbers, booleans', async () => {
    const { user, onSubmit, onOffice } = renderForm();
    await user.type(screen.getByLabelText(/^First Name/), 'Ana');
    await user.type(screen.getByLabelText('Mobile Number'), '2135550199');
    await user.type(screen.getByLabelText('Ext.'), '12a3456');
    await user.click(screen.getByRole('combobox', { name: /^Office/ }));
    await user.click(await screen.findByRole('option', { name: 'Uptown' }));
    expect(onOffice).toHaveBeenLastCalledWith('Uptown');
    await user.type(screen.getByLabelText('Seconds'), '45');
    await user.click(screen.getByRole('switch', { name: 'Auto text' }));
    await user.click(screen.getByRole('checkbox', { name: 'Send welcome SMS' }));
    // Cleared, a nullable select holds null.
    const lawTypeWrapper = screen.getByRole('combobox', { name: 'Law type' }).closest('.mantine-Select-root');
    await user.click(lawTypeWrapper!.querySelector('button')!);
    await save(user);

    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      firstName: 'Ana',
      notes: '',
      mobileNumber: '2135550199',
      extension: '123456',
      office: 'Uptown',
      lawType: null,
      seconds: 45,
      autoText: false,
      welcome: true,
    });
  });
});
