import {
  APPOINTMENT_LIST_TYPES,
  appointmentListRequestSchema,
  appointmentListResponseSchema,
  appointmentPathSchema,
  appointmentRowSchema,
  patchAppointmentSchema,
  rescheduleAppointmentSchema,
  saveAppointmentSchema,
  updateAppointmentFieldsSchema,
  weekdayTotalsRequestSchema,
  weekdayTotalsSchema,
} from '@casedesk/contract/appointments/appointment';
import { savedAppointmentSchema } from '@casedesk/contract/appointments/appointment-link';
import { z } from 'zod';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import { appointmentLinksRoutes } from './appointment-links.routes.ts';
import { appointmentExportRoutes } from './appointments-export.routes.ts';
import type { WelcomeTextSender } from './appointments.service.ts';
import { getAppointment, LIST_PERMISSION, listAppointments, weekdayTotals } from './appointment-lists.service.ts';
import {
  attachAppointment,
  canScheduleAppointments,
  deleteAppointment,
  rescheduleAppointment,
  saveAppointmentWithWelcome,
  updateAppointmentFields,
} from './appointments.service.ts';

const tags = ['appointments'];
const CONFLICT =
  'SPEC §5: 409 "Event already scheduled for this date and time" when the attorney already holds that time.';

export interface AppointmentsRoutesOptions {
  /** The SMS module's welcome text (the booking's welcome SMS checkbox), handed in by the app. */
  sendWelcomeText: WelcomeTextSender;
}

export async function appointmentsRoutes(app: AppInstance, options: AppointmentsRoutesOptions): Promise<void> {
  await appointmentLinksRoutes(app);
  await appointmentExportRoutes(app);
  for (const type of APPOINTMENT_LIST_TYPES) {
    app.post(
      `/api/v1/appointment/${type}`,
      {
        config: {
          permission: [LIST_PERMISSION[type], 'READ'],
          unscopedIds: {
            'filter.attorneyId': 'only narrows the list, already cut to the offices the list permission reaches',
            'filter.officeId': 'only narrows the list, already cut to the offices the list permission reaches',
          },
        },
        schema: {
          tags,
          summary:
            type === 'set'
              ? 'Appointments by booked date (the booking report), newest booked first, within the caller’s office scope'
              : `The ${type} appointment list, by appointment date, within the caller’s office scope`,
          body: appointmentListRequestSchema,
          response: { 200: appointmentListResponseSchema },
        },
      },
      async (request, reply) =>
        sendList(reply, await listAppointments(app.database, request.actor!, type, request.body)),
    );
  }

  app.post(
    '/api/v1/appointment/weekdayTotals',
    {
      config: {
        permission: ['APPOINTMENT_BY_WEEK', 'READ'],
        unscopedIds: { officeId: 'only narrows the counts, already cut to the offices APPOINTMENT_BY_WEEK reaches' },
      },
      schema: {
        tags,
        summary: 'Appointments on each of the 7 days from startDate, days read at the browser’s offset (hours)',
        body: weekdayTotalsRequestSchema,
        response: { 200: weekdayTotalsSchema },
      },
    },
    async (request) => weekdayTotals(app.db, request.actor!, request.body),
  );

  const bookingIds = {
    records: { inquiryId: 'inquiry', attorneyId: 'attorney', callId: 'call' },
    unscopedIds: {
      appointmentStageId: 'an option of a list shared by every office',
      lawTypeId: 'an option of a list shared by every office',
    },
  } as const;
  const save = {
    config: {
      permission: ['APPOINTMENT_SET', 'CREATE'] as const,
      records: { ...bookingIds.records, appointmentId: 'appointment' as const },
      unscopedIds: bookingIds.unscopedIds,
    },
    schema: {
      tags,
      summary:
        `Books (or, with appointmentId, updates) an inquiry's appointment with an attorney. ${CONFLICT} ` +
        'A new booking with sendWelcomeText texts the client the welcome text after it has committed ' +
        '(not with auto-text off or an opted-out number); welcomeText says what became of it.',
      body: saveAppointmentSchema,
      response: { 200: savedAppointmentSchema },
    },
  };
  app.put('/api/v1/appointment', save, async (request) =>
    saveAppointmentWithWelcome(app.db, request.actor!, request.body, options.sendWelcomeText),
  );
  const book = {
    ...save,
    config: {
      ...save.config,
      records: bookingIds.records,
      unscopedIds: { ...bookingIds.unscopedIds, appointmentId: 'ignored: a booking always makes a new appointment' },
    },
  };
  app.post('/api/v1/appointment/bookAppointment', book, async (request) =>
    saveAppointmentWithWelcome(
      app.db,
      request.actor!,
      { ...request.body, appointmentId: undefined },
      options.sendWelcomeText,
    ),
  );

  app.put(
    '/api/v1/appointment/rescheduleAppointment',
    {
      config: {
        permission: ['APPOINTMENT_SET', 'UPDATE'],
        records: { appointmentId: 'appointment', attorneyId: 'attorney' },
      },
      schema: {
        tags,
        summary: `Moves an appointment (and its calendar time) to another time, length or attorney. ${CONFLICT}`,
        body: rescheduleAppointmentSchema,
        response: { 200: appointmentRowSchema },
      },
    },
    async (request) => rescheduleAppointment(app.db, request.actor!, request.body),
  );

  app.patch(
    '/api/v1/appointment',
    {
      config: {
        permission: ['APPOINTMENT_SET', 'UPDATE'],
        records: { appointmentId: 'appointment', inquiryId: 'inquiry', callId: 'call' },
      },
      schema: {
        tags,
        summary:
          'Links an existing appointment of the client to the inquiry (and call); it becomes the inquiry’s (SPEC §4). ' +
          'Also needs LEADS UPDATE reaching the inquiry’s office',
        body: patchAppointmentSchema,
        response: { 200: appointmentRowSchema },
      },
    },
    async (request) => attachAppointment(app.db, request.actor!, request.body),
  );

  app.patch(
    '/api/v1/appointment/:inquiryId/:appointmentId',
    {
      config: {
        permission: ['APPOINTMENT_SET', 'UPDATE'],
        records: { appointmentId: 'appointment', inquiryId: 'inquiry' },
        unscopedIds: { stageId: 'an option of a list shared by every office' },
      },
      schema: {
        tags,
        summary: 'Changes the stage, appt status, flag, follow-up date or notes of an inquiry’s appointment',
        params: appointmentPathSchema,
        body: updateAppointmentFieldsSchema,
        response: { 200: appointmentRowSchema },
      },
    },
    async (request) => updateAppointmentFields(app.db, request.actor!, request.params, request.body),
  );

  app.delete(
    '/api/v1/appointment/:inquiryId/:appointmentId',
    {
      config: {
        permission: ['APPOINTMENT_SET', 'UPDATE'],
        records: { appointmentId: 'appointment', inquiryId: 'inquiry' },
      },
      schema: {
        tags,
        summary:
          'Deletes an inquiry’s appointment: kept as deleted, its time freed; the inquiry’s appointment becomes its newest by booked date (SPEC §4)',
        params: appointmentPathSchema,
        response: { 200: appointmentRowSchema },
      },
    },
    async (request) => deleteAppointment(app.db, request.actor!, request.params),
  );

  app.get(
    '/api/v1/appointment/info',
    {
      config: { signedIn: true, records: { appointmentId: 'appointment' } },
      schema: {
        tags,
        summary: 'One appointment, if some appointment list of its office is open to the caller (else 404)',
        querystring: z.object({ appointmentId: z.uuid() }),
        response: { 200: appointmentRowSchema },
      },
    },
    async (request) => getAppointment(app.db, request.actor!, request.query.appointmentId),
  );

  app.get(
    '/api/v1/appointment/office/canScheduleAppointments',
    {
      config: {
        signedIn: true,
        unscopedIds: { officeId: "answers only about the caller's own APPOINTMENT_SET CREATE, nothing of the office" },
      },
      schema: {
        tags,
        summary: 'Whether the caller may book appointments in the office (APPOINTMENT_SET CREATE with its conditions)',
        querystring: z.object({ officeId: z.uuid() }),
        response: { 200: z.object({ canScheduleAppointments: z.boolean() }) },
      },
    },
    async (request) => ({ canScheduleAppointments: canScheduleAppointments(request.actor!, request.query.officeId) }),
  );
}
