import type { ReactNode } from 'react';
import {
  useController,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { labelFromFieldName } from '@casedesk/contract/common/text';

/** SPEC §5: a field error shows in red under the field, prefixed with an asterisk. */
export function fieldErrorText(message: string | undefined): string | undefined {
  return message ? `* ${message}` : undefined;
}

/** SPEC §5: the label is the field name with camel case split into words ("client.firstName" → "First Name"). */
export function fieldLabel(name: string): string {
  return labelFromFieldName(name.slice(name.lastIndexOf('.') + 1));
}

export type FormFieldRenderProps<T extends FieldValues, N extends FieldPath<T>> = ControllerRenderProps<T, N> & {
  label: string;
  /** For Mantine inputs: shown in red under the field (their `error` slot). */
  error: string | undefined;
  withAsterisk: boolean | undefined;
};

interface FormFieldProps<T extends FieldValues, N extends FieldPath<T>> {
  control: Control<T>;
  name: N;
  label?: string;
  required?: boolean;
  /** Renders the input: spread the props onto a Mantine input or one of the masked inputs. */
  children: (props: FormFieldRenderProps<T, N>) => ReactNode;
}

/**
 * Connects one react-hook-form field to an input with the house conventions: the label from the
 * field name, the error in red under the field as "* {message}" (messages come from the contract's
 * field rules, so they read like the server's).
 */
export function FormField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  required,
  children,
}: FormFieldProps<T, N>) {
  const { field, fieldState } = useController({ control, name });
  return children({
    ...field,
    label: label ?? fieldLabel(name),
    error: fieldErrorText(fieldState.error?.message),
    withAsterisk: required,
  });
}
