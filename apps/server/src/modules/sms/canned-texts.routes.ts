import {
  cannedTextIdQuerySchema,
  cannedTextListSchema,
  cannedTextQuerySchema,
  cannedTextRequestSchema,
  cannedTextSchema,
} from '@casedesk/contract/sms/canned-text';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { changeCannedText, createCannedText, listCannedTexts } from './canned-texts.service.ts';

/** SPEC §7 canned responses: GET (userId, officeId), POST, PUT (query id). */
export async function cannedTextsRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/sms/cannedResponses',
    {
      config: {
        permission: ['SMS', 'READ'],
        records: { officeId: 'office' },
        unscopedIds: { userId: "only the caller's own: any other user is refused (403)" },
      },
      schema: {
        tags: ['sms'],
        summary: 'The caller’s own canned texts and their office’s shared ones',
        querystring: cannedTextQuerySchema,
        response: { 200: cannedTextListSchema },
      },
    },
    async (request) => listCannedTexts(app.db, request.actor!, request.query),
  );

  app.post(
    '/api/v1/sms/cannedResponses',
    {
      config: {
        permission: ['SMS', 'CREATE'],
        // A shared text's office outside the caller's SMS CREATE is refused (403); an own text's is relabelled theirs.
        records: { officeId: 'office' },
        unscopedIds: {
          id: 'ignored: a new text gets a new id',
          userId: "only the caller's own: any other user is refused (403)",
        },
      },
      schema: {
        tags: ['sms'],
        summary: 'Save a canned text: the caller’s own (userId) or shared with an office (officeId only)',
        body: cannedTextRequestSchema,
        response: { 200: cannedTextSchema },
      },
    },
    async (request) => createCannedText(app.db, request.actor!, request.body),
  );

  app.put(
    '/api/v1/sms/cannedResponses',
    {
      config: {
        permission: ['SMS', 'UPDATE'],
        records: { id: 'cannedResponse' },
        unscopedIds: {
          officeId: 'ignored: only the message changes',
          userId: 'ignored: only the message changes',
        },
      },
      schema: {
        tags: ['sms'],
        summary: 'Change the message of an own or office canned text',
        querystring: cannedTextIdQuerySchema,
        body: cannedTextRequestSchema,
        response: { 200: cannedTextSchema },
      },
    },
    async (request) => changeCannedText(app.db, request.actor!, request.query.id, request.body),
  );
}
