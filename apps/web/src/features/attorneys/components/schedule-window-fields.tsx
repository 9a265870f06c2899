import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { Controller, useFormState, type Control } from 'react-hook-form';
import { TrashIcon } from './attorney-icons.tsx';
import { clockOptions, type ScheduleFormValues } from './schedule-form-values.ts';
import classes from './schedule-editor.module.css';

/** SPEC §5: field errors in red under the field, prefixed with an asterisk. */
const shown = (message: string | undefined) => (message ? `* ${message}` : undefined);

/** Dropdown values as options, plus a saved value that is no longer offered (e.g. a retired law type). */
function optionsWith(values: readonly string[], current: string | null | undefined): string[] {
  return current && !values.includes(current) ? [...values, current] : [...values];
}

interface ScheduleWindowFieldsProps {
  control: Control<ScheduleFormValues>;
  index: number;
  /** e.g. "Monday, hours 2": names the fields for screen readers. */
  name: string;
  lawTypes: readonly string[];
  jurisdictions: readonly string[];
  onRemove: () => void;
}

/** One working window: from, to, optional law type and jurisdiction, remove. */
export function ScheduleWindowFields({
  control,
  index,
  name,
  lawTypes,
  jurisdictions,
  onRemove,
}: ScheduleWindowFieldsProps) {
  const { errors } = useFormState({ control, name: `entries.${index}` });
  const entryErrors = errors.entries?.[index];

  return (
    <Group gap="xs" align="flex-start" wrap="wrap" className={classes.window}>
      <Controller
        control={control}
        name={`entries.${index}.startTime`}
        render={({ field }) => (
          <Select
            aria-label={`${name} from`}
            className={classes.clock}
            data={clockOptions('start', field.value)}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            onBlur={field.onBlur}
            ref={field.ref}
            allowDeselect={false}
            searchable
            maxDropdownHeight={240}
            error={shown(entryErrors?.startTime?.message)}
          />
        )}
      />
      <span className={classes.dash} aria-hidden>
        –
      </span>
      <Controller
        control={control}
        name={`entries.${index}.endTime`}
        render={({ field }) => (
          <Select
            aria-label={`${name} to`}
            className={classes.clock}
            data={clockOptions('end', field.value)}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            onBlur={field.onBlur}
            ref={field.ref}
            allowDeselect={false}
            searchable
            maxDropdownHeight={240}
            error={shown(entryErrors?.endTime?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name={`entries.${index}.lawType`}
        render={({ field }) => (
          <Select
            aria-label={`${name} law type`}
            className={classes.choice}
            placeholder="Any law type"
            data={optionsWith(lawTypes, field.value)}
            value={field.value ?? null}
            onChange={(value) => field.onChange(value ?? null)}
            onBlur={field.onBlur}
            ref={field.ref}
            clearable
            searchable
            error={shown(entryErrors?.lawType?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name={`entries.${index}.jurisdiction`}
        render={({ field }) => (
          <Select
            aria-label={`${name} jurisdiction`}
            className={classes.choice}
            placeholder="Any jurisdiction"
            data={optionsWith(jurisdictions, field.value)}
            value={field.value ?? null}
            onChange={(value) => field.onChange(value ?? null)}
            onBlur={field.onBlur}
            ref={field.ref}
            clearable
            searchable
            error={shown(entryErrors?.jurisdiction?.message)}
          />
        )}
      />
      <Tooltip label="Remove these hours">
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove ${name}`} onClick={onRemove}>
          <TrashIcon size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
