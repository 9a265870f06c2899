import { Alert, Button, Divider, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { PLAN_FREQUENCIES, PLAN_FREQUENCY_LABELS, type PlanTerms } from '@casedesk/contract/collections/payment-plan';
import { formatMoney } from '@casedesk/contract/common/money';
import { FormSelect, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { PlanSchedulePreview } from './plan-schedule-preview.tsx';
import { PLAN_SERVER_FIELDS, planTermsFormSchema, type PlanTermsValues } from './plan-terms-values.ts';

const FREQUENCY_OPTIONS = PLAN_FREQUENCIES.map((value) => ({ value, label: PLAN_FREQUENCY_LABELS[value] }));

interface PlanTermsFormProps {
  /** "New payment plan" or "Change payment plan": the form's accessible name. */
  label: string;
  submitLabel: string;
  defaultValues: PlanTermsValues;
  balanceCents: number;
  today: string;
  /** Sends the terms; a refusal it throws (ApiError) is shown by the form. */
  onSave: (terms: PlanTerms) => Promise<unknown>;
  onDone: () => void;
}

/**
 * A plan's terms (amount, frequency, first due date, a number of instalments or until paid) with the schedule
 * they make, shown before saving. The contract's messages, in the browser and from the server alike.
 */
export function PlanTermsForm(props: PlanTermsFormProps) {
  const { label, submitLabel, defaultValues, balanceCents, today, onSave, onDone } = props;
  const schema = useMemo(() => planTermsFormSchema(balanceCents, today), [balanceCents, today]);
  const { control, handleSubmit, setError, setValue, formState } = useForm<
    PlanTermsValues,
    unknown,
    z.output<typeof schema>
  >({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const values = useWatch({ control }) as PlanTermsValues;
  const preview = useMemo(() => {
    const parsed = schema.safeParse(values);
    return parsed.success ? parsed.data : null;
  }, [schema, values]);

  const submit = handleSubmit(async (terms) => {
    setRefusal(null);
    try {
      await onSave(terms);
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      let shown = false;
      for (const [field, message] of Object.entries(error.body?.fieldErrors ?? {})) {
        const name = PLAN_SERVER_FIELDS[field];
        if (!name) continue;
        setError(name, { type: 'server', message });
        shown = true;
      }
      if (!shown) setRefusal(error.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{`Balance ${formatMoney(balanceCents)}.`}</Text>
        {refusal && (
          <Alert color="red" variant="light" role="alert" data-testid="plan-refusal">
            {refusal}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <FormTextInput
            control={control}
            name="amount"
            label="Instalment Amount ($)"
            required
            inputMode="decimal"
            placeholder="0.00"
          />
          <FormSelect
            control={control}
            name="frequency"
            label="Frequency"
            required
            emptyValue=""
            data={FREQUENCY_OPTIONS}
            allowDeselect={false}
          />
          <FormTextInput
            control={control}
            name="firstDueDate"
            label="First Due Date"
            type="date"
            required
            min={today}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="plan-length-label">
              Length
            </Text>
            <SegmentedControl
              aria-labelledby="plan-length-label"
              data={[
                { value: 'untilPaid', label: 'Until paid' },
                { value: 'count', label: 'Instalments' },
              ]}
              value={values.untilPaid ? 'untilPaid' : 'count'}
              onChange={(v) => setValue('untilPaid', v === 'untilPaid', { shouldValidate: formState.isSubmitted })}
            />
          </Stack>
          {!values.untilPaid && (
            <FormTextInput
              control={control}
              name="instalmentCount"
              label="Number of Instalments"
              required
              inputMode="numeric"
            />
          )}
        </SimpleGrid>
        <Divider label="Schedule" labelPosition="left" />
        <PlanSchedulePreview terms={preview} balanceCents={balanceCents} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
