import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useWatch, type Control } from 'react-hook-form';
import { FormSelect } from '@/components/form-field/form-inputs.tsx';
import { TrashIcon } from '@/components/icons.tsx';
import { clockOptions, type ScheduleFormValues } from './schedule-form-values.ts';
import classes from './schedule-editor.module.css';

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
  // The options depend on what is chosen: a clock off the list, a retired law type stay offered.
  const entry = useWatch({ control, name: `entries.${index}` });

  return (
    <Group gap="xs" align="flex-start" wrap="wrap" className={classes.window}>
      <FormSelect
        control={control}
        name={`entries.${index}.startTime`}
        label={null}
        aria-label={`${name} from`}
        className={classes.clock}
        data={clockOptions('start', entry.startTime)}
        allowDeselect={false}
        searchable
        maxDropdownHeight={240}
      />
      <span className={classes.dash} aria-hidden>
        –
      </span>
      <FormSelect
        control={control}
        name={`entries.${index}.endTime`}
        label={null}
        aria-label={`${name} to`}
        className={classes.clock}
        data={clockOptions('end', entry.endTime)}
        allowDeselect={false}
        searchable
        maxDropdownHeight={240}
      />
      <FormSelect
        control={control}
        name={`entries.${index}.lawType`}
        label={null}
        aria-label={`${name} law type`}
        className={classes.choice}
        placeholder="Any law type"
        data={optionsWith(lawTypes, entry.lawType)}
        clearable
        searchable
      />
      <FormSelect
        control={control}
        name={`entries.${index}.jurisdiction`}
        label={null}
        aria-label={`${name} jurisdiction`}
        className={classes.choice}
        placeholder="Any jurisdiction"
        data={optionsWith(jurisdictions, entry.jurisdiction)}
        clearable
        searchable
      />
      <Tooltip label="Remove these hours">
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove ${name}`} onClick={onRemove}>
          <TrashIcon size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
