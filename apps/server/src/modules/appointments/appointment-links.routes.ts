import {
  appointmentDetailQuerySchema,
  appointmentIdParamsSchema,
  appointmentLinkSchema,
  publicAppointmentDetailSchema,
} from '@casedesk/contract/appointments/appointment-link';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../../platform/errors/app-error.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { loadAppointmentLinks, publicAppointmentDetail } from './appointment-links.service.ts';
import { appointmentLink } from './appointments.service.ts';

const tags = ['appointments'];

/** Public lookups of appointment links one address may make per minute. */
const DETAIL_LOOKUPS_PER_MINUTE = 60;

/**
 * /pnc and /appt-detail: the signed link staff send a client, and the public lookup behind the
 * page it opens (no sign-in; the token is the authority).
 */
export async function appointmentLinksRoutes(app: AppInstance): Promise<void> {
  const links = await loadAppointmentLinks(app.config.publicUrl, app.db);

  app.get(
    '/api/v1/appointment/link/:appointmentId',
    {
      config: { permission: ['APPOINTMENT_SET', 'READ'], records: { appointmentId: 'appointment' } },
      schema: {
        tags,
        summary:
          'The signed link (/appt-detail?token=…) a client opens without sign-in; valid until 24 hours after the appointment ends',
        params: appointmentIdParamsSchema,
        response: { 200: appointmentLinkSchema },
      },
    },
    async (request) => appointmentLink(app.db, request.actor!, links, request.params.appointmentId),
  );

  // DESIGN §7: a public route is rate-limited, so tokens cannot be tried in bulk (they are unguessable anyway).
  await app.register(rateLimit, { global: false });
  app.get(
    '/api/v1/public/appointment-detail',
    {
      config: {
        public: true,
        rateLimit: {
          max: DETAIL_LOOKUPS_PER_MINUTE,
          timeWindow: 60_000,
          errorResponseBuilder: () =>
            new AppError('RATE_LIMITED', 'Too many requests. Please wait a minute and try again.'),
        },
      },
      schema: {
        tags,
        summary:
          'What a signed appointment link shows: date, time, office, attorney and Zoom link only. A wrong, tampered, expired, cancelled or deleted one is 404.',
        security: [],
        querystring: appointmentDetailQuerySchema,
        response: { 200: publicAppointmentDetailSchema },
      },
    },
    async (request) => publicAppointmentDetail(app.db, links, request.query.token),
  );
}
