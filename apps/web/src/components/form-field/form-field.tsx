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

/** What binds an input to one react-hook-form field; shared by FormField and the Form* inputs. */
export interface FormFieldBinding<T extends FieldValues, N extends FieldPath<T>, TOut = T> {
  /** The form's control; a form whose resolver transforms its values passes it as it is. */
  control: Control<T, unknown, TOut>;
  name: N;
  /** Defaults to the field name split into words (SPEC §5). */
  label?: string;
  /** Marks the label with an asterisk; the schema decides what is required. */
  required?: boolean;
}

/**
 * Connects one react-hook-form field with the house conventions: the label from the field name, the
 * error in red under the field as "* {message}" (messages come from the contract's field rules, so they
 * read like the server's).
 */
export function useFormField<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  label,
  required,
}: FormFieldBinding<T, N, TOut>): FormFieldRenderProps<T, N> {
  const { field, fieldState } = useController({ control, name });
  return {
    ...field,
    label: label ?? fieldLabel(name),
    error: fieldErrorText(fieldState.error?.message),
    withAsterisk: required,
  };
}

interface FormFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut> extends FormFieldBinding<T, N, TOut> {
  /** Renders the input: spread the props onto a Mantine input or one of the masked inputs. */
  children: (props: FormFieldRenderProps<T, N>) => ReactNode;
}

/**
 * The render-prop form of useFormField, for an input the Form* components (form-inputs.tsx) do not
 * cover: a segmented control, a picker of our own.
 */
export function FormField<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  children,
  ...binding
}: FormFieldProps<T, N, TOut>) {
  return children(useFormField(binding));
}
