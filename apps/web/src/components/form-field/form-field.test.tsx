import { zodResolver } from '@hookform/resolvers/zod';
import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { phoneField, textField } from '@casedesk/contract/common/field-rules';
import { PhoneInput } from '../masked-inputs/phone-input.tsx';
import { fieldErrorText, fieldLabel, FormField } from './form-field.tsx';

const schema = z.object({
  firstName: textField('firstName', { required: true }),
  mobileNumber: phoneField('mobileNumber'),
});
type Values = z.infer<typeof schema>;

function ClientForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: '', mobileNumber: '' },
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <FormField control={control} name="firstName" required>
        {(field) => <TextInput {...field} />}
      </FormField>
      <FormField control={control} name="mobileNumber">
        {(field) => <PhoneInput {...field} />}
      </FormField>
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm() {
  const onSubmit = vi.fn<(values: Values) => void>();
  render(
    <MantineProvider env="test">
      <ClientForm onSubmit={onSubmit} />
    </MantineProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('FormField (SPEC §5 field errors and labels)', () => {
  it('labels fields from their names', () => {
    renderForm();
    expect(screen.getByLabelText(/^First Name/)).toBeTruthy();
    expect(screen.getByLabelText('Mobile Number')).toBeTruthy();
    expect(fieldLabel('client.driverLicenseState')).toBe('Driver License State');
  });

  it('shows the error in red under the field, prefixed with an asterisk', async () => {
    const { user, onSubmit } = renderForm();
    const input = screen.getByLabelText(/^First Name/);
    await user.type(input, 'x'.repeat(31));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const error = await screen.findByText('* First Name must be 30 characters or less.');
    // Mantine's error slot: coloured with --mantine-color-error (red) and tied to the input.
    expect(error.className).toContain('mantine-InputWrapper-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    // Under the field: the error follows the input in the wrapper.
    expect(input.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits masked values as digits and reports the phone rule', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText(/^First Name/), 'Ana');
    await user.type(screen.getByLabelText('Mobile Number'), '213555');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('* Mobile Number must be a valid phone number.')).toBeTruthy();

    await user.type(screen.getByLabelText('Mobile Number'), '0199');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ firstName: 'Ana', mobileNumber: '2135550199' }, expect.anything());
  });

  it('has no error text without a message', () => {
    expect(fieldErrorText(undefined)).toBeUndefined();
    expect(fieldErrorText('Email must be a valid email.')).toBe('* Email must be a valid email.');
  });
});
