import {
  activeDropdownQuerySchema,
  activeDropdownRequestSchema,
  allOfficesListSchema,
  dropdownOptionListSchema,
  officeDropdownQuerySchema,
  officeOptionListSchema,
} from '@casedesk/contract/dropdowns/dropdown';
import { smsOfficeListSchema } from '@casedesk/contract/sms/sms';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { listAllOffices, listDropdownOptions, listOfficesFor, listSmsOffices } from './dropdowns.service.ts';

export async function dropdownsRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/dropdown/active',
    {
      config: { signedIn: true },
      schema: {
        tags: ['dropdowns'],
        summary: 'Options of one dropdown type by sort order (isActive=false includes retired options)',
        querystring: activeDropdownQuerySchema,
        body: activeDropdownRequestSchema,
        response: { 200: dropdownOptionListSchema },
      },
    },
    async (request) => listDropdownOptions(app.db, request.body.filter.dropdownType, request.query.isActive),
  );

  app.get(
    '/api/v1/dropdown/office',
    {
      // The permission depends on officeDropdownType; the service checks it and applies its OFFICE conditions.
      config: { signedIn: true },
      schema: {
        tags: ['dropdowns'],
        summary: "Active offices the caller's permission for the given screen reaches",
        querystring: officeDropdownQuerySchema,
        response: { 200: officeOptionListSchema },
      },
    },
    async (request) => listOfficesFor(app.db, request.actor!, request.query.officeDropdownType),
  );

  app.get(
    '/api/v1/dropdown/allOffices',
    {
      config: { signedIn: true },
      schema: {
        tags: ['dropdowns'],
        summary: 'Id and name of every active office',
        response: { 200: allOfficesListSchema },
      },
    },
    async () => listAllOffices(app.db),
  );

  app.get(
    '/api/v1/dropdown/smsOffice',
    {
      config: { permission: ['SMS', 'CREATE'] },
      schema: {
        tags: ['dropdowns'],
        summary: 'Office SMS numbers the caller may text from (office condition on SMS CREATE)',
        response: { 200: smsOfficeListSchema },
      },
    },
    async (request) => listSmsOffices(app.db, request.actor!),
  );
}
