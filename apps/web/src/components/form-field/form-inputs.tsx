import {
  NumberInput,
  Select,
  TextInput,
  type NumberInputProps,
  type SelectProps,
  type TextInputProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldPath, FieldPathByValue, FieldValues } from 'react-hook-form';
import { CountedTextarea, type CountedTextareaProps } from '../masked-inputs/counted-textarea.tsx';
import { ExtensionInput } from '../masked-inputs/extension-input.tsx';
import type { MaskedValueProps } from '../masked-inputs/digit-mask-input.tsx';
import { PhoneInput } from '../masked-inputs/phone-input.tsx';
import { useFormField, type FormFieldBinding } from './form-field.tsx';

/** Paths of the form's values that hold text ('' or null when empty). */
export type TextPath<T extends FieldValues> = FieldPathByValue<T, string | null | undefined>;
/** Paths that hold a number (undefined or null when empty). */
export type NumberPath<T extends FieldValues> = FieldPathByValue<T, number | null | undefined>;

/** The input props a Form* component sets itself from the field. */
export type BoundProps = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'label' | 'error' | 'required';

/** What every Form* input takes besides its Mantine input's own props. */
export interface FormInputBinding<T extends FieldValues, N extends FieldPath<T>, TOut, V> extends Omit<
  FormFieldBinding<T, N, TOut>,
  'label'
> {
  /** Defaults to the field name split into words (SPEC §5); null for none (then give an aria-label). */
  label?: string | null;
  /** Shown when the field has no error of its own, e.g. "Law types could not be loaded". */
  error?: ReactNode;
  /** Called with the new value after the field has taken it (e.g. to fill other fields from a choice). */
  onValueChange?: (value: V) => void;
}

/** The input's label, asterisk and error from the field; the caller's own error only when the field has none. */
export function useBoundInput<T extends FieldValues, N extends FieldPath<T>, TOut, V>({
  control,
  name,
  label,
  required,
  error,
}: FormInputBinding<T, N, TOut, V>) {
  const field = useFormField({ control, name, label: label ?? undefined, required });
  return {
    field,
    inputProps: {
      name: field.name,
      ref: field.ref,
      onBlur: field.onBlur,
      label: label === null ? undefined : field.label,
      withAsterisk: field.withAsterisk,
      error: field.error ?? error,
    },
  };
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export type FormTextInputProps<T extends FieldValues, N extends TextPath<T>, TOut = T> = FormInputBinding<
  T,
  N,
  TOut,
  string
> &
  Omit<TextInputProps, BoundProps>;

/** A Mantine TextInput bound to a text field. */
export function FormTextInput<T extends FieldValues, N extends TextPath<T>, TOut = T>(
  props: FormTextInputProps<T, N, TOut>,
) {
  const { control, name, label, required, error, onValueChange, ...others } = props;
  const { field, inputProps } = useBoundInput({ control, name, label, required, error });
  return (
    <TextInput
      {...others}
      {...inputProps}
      value={textOf(field.value)}
      onChange={(event) => {
        field.onChange(event.currentTarget.value);
        onValueChange?.(event.currentTarget.value);
      }}
    />
  );
}

export type FormTextareaProps<T extends FieldValues, N extends TextPath<T>, TOut = T> = FormInputBinding<
  T,
  N,
  TOut,
  string
> &
  Omit<CountedTextareaProps, BoundProps>;

/** The house textarea (SPEC §5: 500 characters by default, with a counter) bound to a text field. */
export function FormTextarea<T extends FieldValues, N extends TextPath<T>, TOut = T>(
  props: FormTextareaProps<T, N, TOut>,
) {
  const { control, name, label, required, error, onValueChange, ...others } = props;
  const { field, inputProps } = useBoundInput({ control, name, label, required, error });
  return (
    <CountedTextarea
      {...others}
      {...inputProps}
      value={textOf(field.value)}
      onChange={(event) => {
        field.onChange(event.currentTarget.value);
        onValueChange?.(event.currentTarget.value);
      }}
    />
  );
}

export type FormSelectProps<T extends FieldValues, N extends TextPath<T>, TOut = T> = FormInputBinding<
  T,
  N,
  TOut,
  string | null
> &
  Omit<SelectProps, BoundProps> & {
    /** What the field holds when nothing is chosen: null (the default), or '' for a field typed as a plain string. */
    emptyValue?: '' | null;
  };

/** A Mantine Select bound to a text field holding the chosen option's value. */
export function FormSelect<T extends FieldValues, N extends TextPath<T>, TOut = T>(props: FormSelectProps<T, N, TOut>) {
  const { control, name, label, required, error, onValueChange, emptyValue = null, ...others } = props;
  const { field, inputProps } = useBoundInput({ control, name, label, required, error });
  return (
    <Select
      {...others}
      {...inputProps}
      value={textOf(field.value) || null}
      onChange={(next) => {
        field.onChange(next ?? emptyValue);
        onValueChange?.(next);
      }}
    />
  );
}

export type FormNumberInputProps<T extends FieldValues, N extends NumberPath<T>, TOut = T> = FormInputBinding<
  T,
  N,
  TOut,
  number | undefined
> &
  Omit<NumberInputProps, BoundProps>;

/** A Mantine NumberInput bound to a number field; cleared, the field holds undefined. */
export function FormNumberInput<T extends FieldValues, N extends NumberPath<T>, TOut = T>(
  props: FormNumberInputProps<T, N, TOut>,
) {
  const { control, name, label, required, error, onValueChange, ...others } = props;
  const { field, inputProps } = useBoundInput({ control, name, label, required, error });
  return (
    <NumberInput
      {...others}
      {...inputProps}
      value={typeof field.value === 'number' ? field.value : ''}
      onChange={(next) => {
        // While typing "-" or "1." NumberInput reports text: no number yet.
        const value = typeof next === 'number' ? next : undefined;
        field.onChange(value);
        onValueChange?.(value);
      }}
    />
  );
}

export type FormMaskedInputProps<T extends FieldValues, N extends TextPath<T>, TOut = T> = FormInputBinding<
  T,
  N,
  TOut,
  string
> &
  Omit<MaskedValueProps, BoundProps>;

/** SPEC §5: a phone shown as (###) ###-####; the field holds its digits. */
export function FormPhoneInput<T extends FieldValues, N extends TextPath<T>, TOut = T>(
  props: FormMaskedInputProps<T, N, TOut>,
) {
  const { control, name, label, required, error, onValueChange, ...others } = props;
  const { field, inputProps } = useBoundInput({ control, name, label, required, error });
  return (
    <PhoneInput
      {...others}
      {...inputProps}
      value={textOf(field.value)}
      onChange={(digits) => {
        field.onChange(digits);
        onValueChange?.(digits);
      }}
    />
  );
}

/** SPEC §5: an extension of six digits; the field holds the digits. */
export function FormExtensionInput<T extends FieldValues, N extends TextPath<T>, TOut = T>(
  props: FormMaskedInputProps<T, N, TOut>,
) {
  const { control, name, label, required, error, onValueChange, ...others } = props;
  const { field, inputProps } = useBoundInput({ control, name, label, required, error });
  return (
    <ExtensionInput
      {...others}
      {...inputProps}
      value={textOf(field.value)}
      onChange={(digits) => {
        field.onChange(digits);
        onValueChange?.(digits);
      }}
    />
  );
}
