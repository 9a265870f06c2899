import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  paymentPlanChangeSchema,
  paymentPlanCreateSchema,
  paymentPlanPauseSchema,
  paymentPlanSchema,
} from '@casedesk/contract/collections/payment-plan';
import { apiRequest } from '@/lib/api-client.ts';
import { collectionKeys } from './collection-keys.ts';
import { FORM_REFUSALS } from './form-refusals.ts';

export type PaymentPlanCreateInput = z.input<typeof paymentPlanCreateSchema>;
export type PaymentPlanChangeInput = z.input<typeof paymentPlanChangeSchema>;
export type PaymentPlanPauseInput = z.input<typeof paymentPlanPauseSchema>;

/** POST /api/v1/paymentPlan/create */
export function createPaymentPlan(body: PaymentPlanCreateInput) {
  return apiRequest<typeof paymentPlanSchema>('/api/v1/paymentPlan/create', {
    method: 'POST',
    body,
    handledStatuses: FORM_REFUSALS,
  });
}

/** POST /api/v1/paymentPlan/change: new terms, a new version from the next unpaid instalment. */
export function changePaymentPlan(body: PaymentPlanChangeInput) {
  return apiRequest<typeof paymentPlanSchema>('/api/v1/paymentPlan/change', {
    method: 'POST',
    body,
    handledStatuses: FORM_REFUSALS,
  });
}

/** POST /api/v1/paymentPlan/pause: pauses (with reason and dates) or, with `resume: true`, resumes the plan. */
export function pausePaymentPlan(body: PaymentPlanPauseInput) {
  return apiRequest<typeof paymentPlanSchema>('/api/v1/paymentPlan/pause', {
    method: 'POST',
    body,
    handledStatuses: FORM_REFUSALS,
  });
}

/**
 * A plan write changes the plan, the account's status and term and its timeline: the whole account is read
 * again (the list and totals too, which show the status).
 */
function usePlanWrite<T>(write: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.accounts() }),
  });
}

export const useCreatePaymentPlan = () => usePlanWrite(createPaymentPlan);
export const useChangePaymentPlan = () => usePlanWrite(changePaymentPlan);
export const usePausePaymentPlan = () => usePlanWrite(pausePaymentPlan);
