import { TextInput } from '@mantine/core';

export interface DateRange {
  /** yyyy-MM-dd, or '' for open-ended. */
  dateFrom: string;
  dateTo: string;
}

interface DateRangeInputsProps {
  value: DateRange;
  onChange: (patch: Partial<DateRange>) => void;
  width?: number;
}

/** The From / To day pickers of the list filters (leads, calls, texts); days are the browser's own. */
export function DateRangeInputs({ value, onChange, width = 160 }: DateRangeInputsProps) {
  return (
    <>
      <TextInput
        label="From"
        type="date"
        value={value.dateFrom}
        onChange={(e) => onChange({ dateFrom: e.currentTarget.value })}
        w={width}
      />
      <TextInput
        label="To"
        type="date"
        value={value.dateTo}
        onChange={(e) => onChange({ dateTo: e.currentTarget.value })}
        w={width}
      />
    </>
  );
}
