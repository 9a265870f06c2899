/** SPEC §3 appointment stages; ids are the firm's, 117 is the one a save sets (SPEC §9). */
export const APPOINTMENT_STAGES = [
  { id: 117, name: 'Appointment Set' },
  { id: 118, name: 'Signed' },
  { id: 119, name: 'Cancellation' },
  { id: 120, name: 'Conflict' },
  { id: 121, name: 'No Show' },
  { id: 122, name: 'Showed' },
] as const;
export type AppointmentStageId = (typeof APPOINTMENT_STAGES)[number]['id'];
export const APPOINTMENT_STAGE_ON_SAVE: AppointmentStageId = 117;
export const APPOINTMENT_STAGE_IDS = APPOINTMENT_STAGES.map((s) => s.id) as [
  AppointmentStageId,
  ...AppointmentStageId[],
];

/** SPEC §4 apptStatus of a future appointment (the confirmation calls and texts before it). */
export const APPT_STATUSES = [
  'NOT_CALLED',
  'CONFIRMED',
  'CONFIRMED_TEXT',
  'LEFT_MESSAGE',
  'NO_ANSWER',
  'RESCHEDULE_TEXT',
  'WAIT_LIST',
] as const;
export type ApptStatus = (typeof APPT_STATUSES)[number];

export const APPT_STATUS_LABELS: Record<ApptStatus, string> = {
  NOT_CALLED: 'Not Called',
  CONFIRMED: 'Confirmed',
  CONFIRMED_TEXT: 'Confirmed Text',
  LEFT_MESSAGE: 'Left Message',
  NO_ANSWER: 'No Answer',
  RESCHEDULE_TEXT: 'Reschedule Text',
  WAIT_LIST: 'Wait List',
};

export type RowColour = 'green' | 'red' | 'blue' | 'pink';

const PAST_BY_STAGE: Partial<Record<AppointmentStageId, RowColour>> = {
  117: 'green',
  118: 'green',
  119: 'red',
  120: 'red',
  121: 'red',
  122: 'blue',
};

const FUTURE_BY_STATUS: Partial<Record<ApptStatus, RowColour>> = {
  CONFIRMED: 'green',
  CONFIRMED_TEXT: 'green',
  LEFT_MESSAGE: 'blue',
  NO_ANSWER: 'red',
  NOT_CALLED: 'red',
  RESCHEDULE_TEXT: 'pink',
  WAIT_LIST: 'pink',
};

/**
 * SPEC §4 row colours: past appointments by stage (set and signed green; cancellation, conflict, no show
 * red; showed blue), future ones by apptStatus (confirmed and confirmed text green; left message blue;
 * no answer and not called red; reschedule text and wait list pink).
 */
export function appointmentRowColour(
  row: { appointmentDateTime: string | Date; stageId: number | null; apptStatus: ApptStatus | null },
  now: Date | number = Date.now(),
): RowColour | null {
  const past = new Date(row.appointmentDateTime).getTime() < new Date(now).getTime();
  if (past) return row.stageId === null ? null : (PAST_BY_STAGE[row.stageId as AppointmentStageId] ?? null);
  return row.apptStatus === null ? null : (FUTURE_BY_STATUS[row.apptStatus] ?? null);
}

/** The words for a stored apptStatus code ('NOT_CALLED' → 'Not Called'); an unknown code shows as it is. */
export function apptStatusLabel(status: string | null): string {
  if (status === null) return '';
  return APPT_STATUS_LABELS[status as ApptStatus] ?? status;
}
