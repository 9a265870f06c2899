import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isoDateSchema } from '@casedesk/contract/common/dates';
import {
  PAUSE_REASON_MAX,
  PAYMENT_PLAN_MESSAGES,
  paymentPlanPauseSchema,
} from '@casedesk/contract/collections/payment-plan';
import { FormTextarea, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { usePausePaymentPlan } from '../api/payment-plan-writes.ts';
import { pauseFromRange } from './collection-dates.ts';

export interface PauseValues {
  reason: string;
  pausedFrom: string;
  /** '' for no set day: the plan stays paused until resumed. */
  resumeOn: string;
}
const FIELDS: readonly (keyof PauseValues)[] = ['reason', 'pausedFrom', 'resumeOn'];

/**
 * The contract's pause rules (a reason; Resume On after Pause From) and the backdating limit: Pause From is today
 * or up to PAUSE_BACKDATE_DAYS days before, on the office's day (`today`), as the server judges it.
 */
export function pauseFormSchema(today: string) {
  const { min, max } = pauseFromRange(today);
  return z
    .object({
      reason: z.string(),
      pausedFrom: isoDateSchema('Pause From'),
      resumeOn: z.string(),
    })
    .superRefine((value, ctx) => {
      const checked = paymentPlanPauseSchema.safeParse({
        planId: '00000000-0000-4000-8000-000000000000',
        reason: value.reason,
        pausedFrom: value.pausedFrom,
        resumeOn: value.resumeOn || null,
      });
      for (const issue of checked.success ? [] : checked.error.issues) {
        if (issue.path[0] !== 'planId') ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
      if (value.pausedFrom < min || value.pausedFrom > max) {
        ctx.addIssue({ code: 'custom', message: PAYMENT_PLAN_MESSAGES.pauseFrom, path: ['pausedFrom'] });
      }
    });
}

interface PlanPauseFormProps {
  planId: string;
  today: string;
  onDone: () => void;
}

/** Pause a running plan: why, from which day (today back to 7 days ago) and, if known, the day it resumes. */
export function PlanPauseForm({ planId, today, onDone }: PlanPauseFormProps) {
  const schema = useMemo(() => pauseFormSchema(today), [today]);
  const { min, max } = pauseFromRange(today);
  const { control, handleSubmit, setError, formState } = useForm<PauseValues>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '', pausedFrom: today, resumeOn: '' },
    mode: 'onTouched',
  });
  const pause = usePausePaymentPlan();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await pause.mutateAsync({
        planId,
        resume: false,
        reason: values.reason,
        pausedFrom: values.pausedFrom,
        resumeOn: values.resumeOn || null,
      });
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      let shown = false;
      for (const [field, message] of Object.entries(error.body?.fieldErrors ?? {})) {
        if (!FIELDS.includes(field as keyof PauseValues)) continue;
        setError(field as keyof PauseValues, { type: 'server', message });
        shown = true;
      }
      if (!shown) setRefusal(error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Pause payment plan">
      <Stack gap="sm">
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <FormTextarea
          control={control}
          name="reason"
          label="Reason"
          required
          maxLength={PAUSE_REASON_MAX}
          rows={2}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <FormTextInput
            control={control}
            name="pausedFrom"
            label="Pause From"
            type="date"
            required
            min={min}
            max={max}
            description="Today at the office or up to 7 days ago"
          />
          <FormTextInput
            control={control}
            name="resumeOn"
            label="Resume On"
            type="date"
            min={max}
            description="Leave blank to resume by hand"
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Pause plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
