import type { DraftWriteInput } from '@casedesk/contract/mail/draft';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/support/test-app.ts';
import type { Part } from './mail.test-support.ts';
import { multipart } from './mail.test-support.ts';

/** A file part named "attachments", as the web app's FormData sends it. */
export const filePart = (filename: string, contentType: string, data: Buffer): Part => ({
  name: 'attachments',
  filename,
  contentType,
  data,
});

/** PUT /api/v1/draft as multipart: a "draft" part and the files; `as` null sends no token. */
export async function putDraftMultipart(
  t: TestApp,
  as: string | null,
  draft: DraftWriteInput | Record<string, unknown>,
  files: Part[] = [],
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipart([
    { name: 'draft', value: JSON.stringify(draft), contentType: 'application/json' },
    ...files,
  ]);
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/draft',
    headers: { ...headers, ...(as ? await t.authFor(as) : {}) },
    payload,
  });
}
