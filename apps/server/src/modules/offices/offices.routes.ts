import {
  officeDetailSchema,
  officeIdParamsSchema,
  officeListRequestSchema,
  officeListResponseSchema,
  officeStatusBodySchema,
  officeWriteSchema,
} from '@casedesk/contract/offices/office';
import {
  officeAttorneyMoveSchema,
  officeAttorneySchema,
  officeStaffSchema,
} from '@casedesk/contract/offices/office-staff';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import {
  changeOfficeDetails,
  createOffice,
  getOffice,
  listOffices,
  moveAttorneyToOffice,
  officeStaff,
  setOfficeStatus,
} from './offices.service.ts';

const tags = ['offices'];

/** Fields of the office form that end in "Id" but name no record. */
const notRecordIds = {
  lmsOfficeId: 'the office’s number in the LMS, a text the form edits',
  outboundCallerId: 'a phone number (SPEC §3 Office), not a record',
};

/** SPEC §2 Management → Office (/management/office and /management/office/{officeId}); permission OFFICE (SPEC §6). */
export async function officesRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/office/all',
    {
      config: { permission: ['OFFICE', 'READ'] },
      schema: {
        tags,
        summary: 'Offices (SPEC §2 headers) within the caller’s OFFICE READ scope, inactive ones too, sorted and paged',
        body: officeListRequestSchema,
        response: { 200: officeListResponseSchema },
      },
    },
    async (request, reply) => sendList(reply, await listOffices(app.database, request.actor!, request.body)),
  );

  app.get(
    '/api/v1/office/:officeId',
    {
      config: { permission: ['OFFICE', 'READ'], records: { officeId: 'office' } },
      schema: {
        tags,
        summary: 'One office with its numbers and time zone; 404 outside the caller’s OFFICE READ scope',
        params: officeIdParamsSchema,
        response: { 200: officeDetailSchema },
      },
    },
    async (request) => getOffice(app.db, request.actor!, request.params.officeId),
  );

  app.get(
    '/api/v1/office/:officeId/staff',
    {
      config: { permission: ['OFFICE', 'READ'], records: { officeId: 'office' } },
      schema: {
        tags,
        summary:
          'The office’s attorneys, users and tracking lines, each part null unless the caller may read that kind ' +
          'of record in the office',
        params: officeIdParamsSchema,
        response: { 200: officeStaffSchema },
      },
    },
    async (request) => officeStaff(app.db, request.actor!, request.params.officeId),
  );

  app.post(
    '/api/v1/office',
    {
      config: { permission: ['OFFICE', 'CREATE'], unscopedIds: notRecordIds },
      schema: {
        tags,
        summary: 'Adds an office (409 for a name in use); needs OFFICE CREATE without an office condition',
        body: officeWriteSchema,
        response: { 200: officeDetailSchema },
      },
    },
    async (request) => createOffice(app.db, request.actor!, request.body),
  );

  app.put(
    '/api/v1/office/:officeId',
    {
      config: { permission: ['OFFICE', 'UPDATE'], records: { officeId: 'office' }, unscopedIds: notRecordIds },
      schema: {
        tags,
        summary: 'Changes an office’s details (every field is sent; 409 for a name in use)',
        params: officeIdParamsSchema,
        body: officeWriteSchema,
        response: { 200: officeDetailSchema },
      },
    },
    async (request) => changeOfficeDetails(app.db, request.actor!, request.params.officeId, request.body),
  );

  app.put(
    '/api/v1/office/:officeId/status',
    {
      config: { permission: ['OFFICE', 'UPDATE'], records: { officeId: 'office' } },
      schema: {
        tags,
        summary:
          'Deactivates or reactivates an office (never deleted): an inactive one keeps its history and reports and ' +
          'leaves the choices for new work',
        params: officeIdParamsSchema,
        body: officeStatusBodySchema,
        response: { 200: officeDetailSchema },
      },
    },
    async (request) => setOfficeStatus(app.db, request.actor!, request.params.officeId, request.body.status),
  );

  app.put(
    '/api/v1/office/:officeId/attorney',
    {
      config: { permission: ['OFFICE', 'UPDATE'], records: { officeId: 'office', attorneyId: 'attorney' } },
      schema: {
        tags,
        summary:
          'An attorney starts working for this office (ATTORNEY_SCHEDULE UPDATE must reach their present office); ' +
          'appointments already booked keep their office',
        params: officeIdParamsSchema,
        body: officeAttorneyMoveSchema,
        response: { 200: officeAttorneySchema },
      },
    },
    async (request) => moveAttorneyToOffice(app.db, request.actor!, request.params.officeId, request.body.attorneyId),
  );
}
