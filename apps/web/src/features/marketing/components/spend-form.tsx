import { Autocomplete, Button, Group, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { spendEntrySchema } from '@casedesk/contract/marketing/attribution';
import { parseCents } from '@casedesk/contract/common/money';
import { fieldErrorText } from '@/components/form-field/form-field.tsx';
import { FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { useEnterSpend } from '../api/enter-spend.ts';

/** The amount is typed in dollars and cents and sent as integer cents (DESIGN §3: never a float). */
const spendFormSchema = z.object({
  source: spendEntrySchema.shape.source,
  month: spendEntrySchema.shape.month,
  amount: z.string().transform(parseCents).pipe(spendEntrySchema.shape.amountCents),
});
type SpendFormInput = z.input<typeof spendFormSchema>;
type SpendFormValues = z.output<typeof spendFormSchema>;

interface SpendFormProps {
  sources: string[];
  month: string;
}

/** Spend per source and month, typed by marketing; a new amount for the same month replaces the shown one. */
export function SpendForm({ sources, month }: SpendFormProps) {
  const { control, handleSubmit, reset } = useForm<SpendFormInput, unknown, SpendFormValues>({
    resolver: zodResolver(spendFormSchema),
    defaultValues: { source: '', month, amount: '' },
    mode: 'onTouched',
  });
  const enter = useEnterSpend();
  const submit = handleSubmit(({ source, month: m, amount }) =>
    enter.mutate(
      { source, month: m, amountCents: amount },
      { onSuccess: () => reset({ source: '', month: m, amount: '' }) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Enter spend">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <Controller
          control={control}
          name="source"
          render={({ field, fieldState }) => (
            <Autocomplete
              label="Source"
              withAsterisk
              data={sources}
              w={220}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldErrorText(fieldState.error?.message)}
            />
          )}
        />
        <FormTextInput control={control} name="month" label="Month" type="month" required w={170} />
        <FormTextInput control={control} name="amount" label="Amount ($)" required w={140} inputMode="decimal" />
        <Button type="submit" mt={24} loading={enter.isPending}>
          Save spend
        </Button>
      </Group>
      {enter.isSuccess && (
        <Text size="xs" c="teal" mt={4}>
          Spend saved.
        </Text>
      )}
    </form>
  );
}
