import { Checkbox, Switch, type CheckboxProps, type SwitchProps } from '@mantine/core';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { useBoundInput, type BoundProps, type FormInputBinding } from './form-inputs.tsx';

/** Paths of the form's values that hold a yes/no. */
export type BooleanPath<T extends FieldValues> = FieldPathByValue<T, boolean | null | undefined>;

type ToggleBoundProps = BoundProps | 'checked' | 'defaultChecked';

export type FormSwitchProps<T extends FieldValues, N extends BooleanPath<T>, TOut = T> = FormInputBinding<
  T,
  N,
  TOut,
  boolean
> &
  Omit<SwitchProps, ToggleBoundProps>;

/** A Mantine Switch bound to a boolean field (on when it holds true). */
export function FormSwitch<T extends FieldValues, N extends BooleanPath<T>, TOut = T>(
  props: FormSwitchProps<T, N, TOut>,
) {
  const { control, name, label, required, error, onValueChange, ...others } = props;
  const { field, inputProps } = useBoundInput({ control, name, label, required, error });
  const { withAsterisk: _asterisk, ...switchProps } = inputProps;
  return (
    <Switch
      {...others}
      {...switchProps}
      checked={field.value === true}
      onChange={(event) => {
        field.onChange(event.currentTarget.checked);
        onValueChange?.(event.currentTarget.checked);
      }}
    />
  );
}

export type FormCheckboxProps<T extends FieldValues, N extends BooleanPath<T>, TOut = T> = FormInputBinding<
  T,
  N,
  TOut,
  boolean
> &
  Omit<CheckboxProps, ToggleBoundProps>;

/** A Mantine Checkbox bound to a boolean field (ticked when it holds true). */
export function FormCheckbox<T extends FieldValues, N extends BooleanPath<T>, TOut = T>(
  props: FormCheckboxProps<T, N, TOut>,
) {
  const { control, name, label, required, error, onValueChange, ...others } = props;
  const { field, inputProps } = useBoundInput({ control, name, label, required, error });
  const { withAsterisk: _asterisk, ...checkboxProps } = inputProps;
  return (
    <Checkbox
      {...others}
      {...checkboxProps}
      checked={field.value === true}
      onChange={(event) => {
        field.onChange(event.currentTarget.checked);
        onValueChange?.(event.currentTarget.checked);
      }}
    />
  );
}
