import { z } from 'zod';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';
import { clientSummarySchema } from './client.ts';

export const CLIENT_SEARCH_KEYWORD_MAX = 100;

/** Sortable columns; without sortBy results are ranked best match first (SPEC §7). */
export const CLIENT_SEARCH_SORTS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'primaryNumber',
  'email',
  'lmsClientNumber',
  'needlesClientNumber',
  'city',
] as const;
export type ClientSearchSort = (typeof CLIENT_SEARCH_SORTS)[number];

export const clientSearchFilterSchema = z
  .object({ searchKeyword: z.string().trim().max(CLIENT_SEARCH_KEYWORD_MAX).optional() })
  .strict();
export type ClientSearchFilter = z.infer<typeof clientSearchFilterSchema>;

/** POST /api/v1/client/search (pageNumber 1, pageSize 100, filter.searchKeyword; SPEC §7). */
export const clientSearchRequestSchema = listRequestSchema(clientSearchFilterSchema)
  .extend({ sortBy: z.enum(CLIENT_SEARCH_SORTS).optional() })
  .strict();
export type ClientSearchRequest = z.infer<typeof clientSearchRequestSchema>;
export type ClientSearchRequestInput = z.input<typeof clientSearchRequestSchema>;

/**
 * A search counts its matches up to this many (or to the end of the page asked for, if that is further),
 * then the total says "more than" (the search's time budget: a one- or two-letter name matches tens of thousands of
 * a million clients, and counting them all took longer than finding the page).
 */
export const CLIENT_SEARCH_COUNT_LIMIT = 1000;

export const clientSearchResponseSchema = listResponseSchema(clientSummarySchema).extend({
  /** True when there are more matches than totalCount: counting stopped there. */
  totalCountIsLowerBound: z.boolean(),
});
export type ClientSearchResponse = z.infer<typeof clientSearchResponseSchema>;

/** SPEC §7 exports: POST download as a blob with offsetHours. */
export const CLIENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ClientExportFormat = (typeof CLIENT_EXPORT_FORMATS)[number];

export const offsetHoursQuerySchema = z.object({ offsetHours: z.coerce.number().min(-14).max(14).default(0) }).strict();

/** POST /api/v1/client/export body: the search's filter and sort, and the file format. */
export const clientExportRequestSchema = z
  .object({
    format: z.enum(CLIENT_EXPORT_FORMATS, { error: 'Format must be one of csv, xlsx.' }),
    filter: clientSearchFilterSchema.optional(),
    sortBy: z.enum(CLIENT_SEARCH_SORTS).optional(),
    sortOrder: z.enum(['ASC', 'DESC']).optional(),
  })
  .strict();
export type ClientExportRequest = z.infer<typeof clientExportRequestSchema>;

/** Columns of the export, in order, with their headers. */
export const CLIENT_EXPORT_COLUMNS = [
  ['firstName', 'First Name'],
  ['middleName', 'Middle Name'],
  ['lastName', 'Last Name'],
  ['dateOfBirth', 'Date Of Birth'],
  ['primaryNumber', 'Primary Number'],
  ['mobileNumber', 'Mobile Number'],
  ['homeNumber', 'Home Number'],
  ['secondaryNumber', 'Secondary Number'],
  ['email', 'Email'],
  ['lmsClientNumber', 'LMS Client Number'],
  ['needlesClientNumber', 'Needles Client Number'],
  ['city', 'City'],
  ['state', 'State'],
] as const satisfies readonly (readonly [keyof z.infer<typeof clientSummarySchema>, string])[];
