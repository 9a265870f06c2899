import {
  duplicateCheckRequestSchema,
  duplicateMatchListSchema,
  inquiryDuplicateMatchListSchema,
} from '@casedesk/contract/matching/duplicate-check';
import {
  potentialConflictListSchema,
  potentialConflictsRequestSchema,
} from '@casedesk/contract/matching/potential-conflict';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { findClientDuplicates, findInquiryDuplicates, findPotentialConflicts } from './client-matching.service.ts';

/** Live duplicate detection and the conflict-of-interest check (SPEC §7 Client and Inquiry). */
export async function clientMatchingRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/client/duplicate',
    {
      // The answer is client profiles (names, DOB, phones, email): the permission that reads them.
      config: {
        permission: ['CLIENT_PROFILE', 'READ'],
        userRateLimit: 'matching',
        unscopedIds: { excludeClientId: 'only takes a candidate out; the matches are cut to CLIENT_PROFILE READ' },
      },
      schema: {
        tags: ['clients'],
        summary: 'Up to 10 likely existing clients for a person being typed, best first, with reasons',
        body: duplicateCheckRequestSchema,
        response: { 200: duplicateMatchListSchema },
      },
    },
    async (request) => findClientDuplicates(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/inquiry/duplicate',
    {
      config: {
        permission: ['LEADS', 'READ'],
        userRateLimit: 'matching',
        unscopedIds: {
          excludeClientId:
            'only takes a candidate out; the matches are cut to CLIENT_PROFILE READ, their inquiries to LEADS READ',
        },
      },
      schema: {
        tags: ['inquiries'],
        summary: "Likely existing clients for a new lead, each with the caller's reachable inquiries",
        body: duplicateCheckRequestSchema,
        response: { 200: inquiryDuplicateMatchListSchema },
      },
    },
    async (request) => findInquiryDuplicates(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/inquiry/potentialConflicts',
    {
      config: {
        permission: ['LEADS', 'READ'],
        userRateLimit: 'matching',
        unscopedIds: {
          inquiryId:
            "only leaves that inquiry's own opposing party out; a match outside the caller's scope is restricted",
        },
      },
      schema: {
        tags: ['inquiries'],
        summary: 'Potential conflicts of interest between the new client / opposing party and existing records',
        body: potentialConflictsRequestSchema,
        response: { 200: potentialConflictListSchema },
      },
    },
    async (request) => findPotentialConflicts(app.db, request.actor!, request.body),
  );
}
