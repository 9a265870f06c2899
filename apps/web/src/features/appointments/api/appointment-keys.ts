import type { AppointmentListType } from '@casedesk/contract/appointments/appointment';
import type { AppointmentListRequestInput } from './list-appointments.ts';
import type { WeekdayTotalsRequest } from './weekday-totals.ts';

/**
 * The appointments module's query keys. Every list, the week totals and an appointment's details sit under
 * `all`, so a booking or a move refreshes each of them at once.
 */
export const appointmentKeys = {
  all: ['appointments'] as const,
  /** POST /appointment/{set|all|pi|week}: a page of one list. */
  list: (type: AppointmentListType, request: AppointmentListRequestInput) =>
    [...appointmentKeys.all, 'list', type, request] as const,
  /** POST /appointment/weekdayTotals: the week view's counts per day. */
  weekdayTotals: (request: WeekdayTotalsRequest) => [...appointmentKeys.all, 'weekdayTotals', request] as const,
  /** GET /appointment/{id}: the details the calendar modal shows. */
  info: (appointmentId: string) => [...appointmentKeys.all, 'info', appointmentId] as const,
  /** GET /public/appointment-detail: the page a signed link opens. */
  publicDetail: (token: string) => [...appointmentKeys.all, 'public', token] as const,
};
