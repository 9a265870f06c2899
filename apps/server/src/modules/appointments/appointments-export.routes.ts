import { appointmentExportRequestSchema } from '@casedesk/contract/appointments/appointment-export';
import { exportQuerySchema } from '@casedesk/contract/inquiries/lead-list';
import { sendExport } from '../../platform/export/table-file.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { exportAppointments } from './appointments-export.service.ts';

/** SPEC §7 Appointments: export — a POST download of the list (report and list exports send offsetHours). */
export async function appointmentExportRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/appointment/export',
    {
      // The list's own permission (APPOINTMENT_SET, ALL_APPOINTMENTS, APPOINTMENT_PI, APPOINTMENT_BY_WEEK)
      // depends on the body's type; the service checks it and the list applies its OFFICE conditions.
      config: {
        signedIn: true,
        userRateLimit: 'export',
        unscopedIds: {
          'filter.attorneyId': "only narrows the list, already cut to the offices the list's permission reaches",
          'filter.officeId': "only narrows the list, already cut to the offices the list's permission reaches",
        },
      },
      schema: {
        tags: ['appointments'],
        summary:
          'Every row of the set/all/pi/week list of the current filter and sort as CSV or XLSX (streamed); times at offsetHours',
        querystring: exportQuerySchema,
        body: appointmentExportRequestSchema,
      },
    },
    async (request, reply) => {
      const file = await exportAppointments(app.database, request.actor!, request.body, request.query.offsetHours);
      return sendExport(reply, file);
    },
  );
}
