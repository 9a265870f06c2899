import { z } from 'zod';
import { APPOINTMENT_LIST_TYPES, appointmentListRequestSchema } from './appointment.ts';

export const APPOINTMENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type AppointmentExportFormat = (typeof APPOINTMENT_EXPORT_FORMATS)[number];

export const APPOINTMENT_EXPORT_MESSAGES = {
  type: 'Appointment Type must be one of set, all, pi, week.',
  format: 'Format must be one of csv, xlsx.',
} as const;

/**
 * SPEC §7 Appointments: export — the list request of /appointments/{appointmentType} (filter and sort),
 * which list it is, and the file format; POST /api/v1/appointment/export?offsetHours. Every matching row
 * is exported, whatever the page.
 */
export const appointmentExportRequestSchema = appointmentListRequestSchema.extend({
  type: z.enum(APPOINTMENT_LIST_TYPES, { error: APPOINTMENT_EXPORT_MESSAGES.type }).default('all'),
  format: z.enum(APPOINTMENT_EXPORT_FORMATS, { error: APPOINTMENT_EXPORT_MESSAGES.format }).default('csv'),
});
export type AppointmentExportRequest = z.infer<typeof appointmentExportRequestSchema>;
export type AppointmentExportRequestInput = z.input<typeof appointmentExportRequestSchema>;
