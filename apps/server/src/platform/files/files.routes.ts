import {
  fileIdParamsSchema,
  MAX_PHOTO_BYTES,
  PHOTO_CONTENT_TYPES,
  PHOTO_MESSAGES,
  signedUploadQuerySchema,
  storedFileSchema,
} from '@casedesk/contract/users/user-photo';
import type { FastifyError } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { checkUploadLink, readFile, storeUpload } from './files.service.ts';

/**
 * The local-disk file provider's HTTP side (DESIGN §1): PUT to a short-lived signed URL, GET for signed-in
 * users. An S3 adapter would hand out presigned S3 URLs instead and make the PUT route unnecessary.
 */
export async function filesRoutes(app: AppInstance): Promise<void> {
  // Image bytes are read as a buffer, here only; anything over 2 MB is refused while it streams in.
  app.addContentTypeParser(
    [...PHOTO_CONTENT_TYPES],
    { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES },
    (_request, body, done) => done(null, body),
  );
  // Text would be decoded (and refused for its NUL bytes) before the handler could name the real problem.
  app.removeContentTypeParser('text/plain');
  // Any other type is read too (within the same limit), so the handler refuses it in the upload rules' words.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error: FastifyError, _request, _reply) => {
    // Fastify's own "body too large" in the words of the upload rules; everything else to the app's handler.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw AppError.payloadTooLarge(PHOTO_MESSAGES.tooLarge);
    throw error;
  });

  app.put(
    '/api/v1/files/:id',
    {
      // The signature in the URL is the authority (it was handed to a user allowed to upload), not a token.
      config: {
        public: true,
        unscopedIds: { id: 'the signed URL authorizes it: its signature names this file id and expires in minutes' },
      },
      bodyLimit: MAX_PHOTO_BYTES,
      schema: {
        tags: ['files'],
        summary: 'Upload the bytes of a file to its signed upload URL (image/png, image/jpeg or image/webp; max 2 MB)',
        security: [],
        params: fileIdParamsSchema,
        querystring: signedUploadQuerySchema,
        response: { 200: storedFileSchema },
      },
      // Refuse a bad or expired link before reading up to 2 MB of body.
      onRequest: async (request) => {
        const params = fileIdParamsSchema.safeParse(request.params);
        const query = signedUploadQuerySchema.safeParse(request.query);
        if (params.success && query.success) {
          checkUploadLink(app.files, params.data.id, query.data.expires, query.data.signature);
        }
      },
    },
    async (request) =>
      storeUpload(app.db, app.files, {
        id: request.params.id,
        expires: request.query.expires,
        signature: request.query.signature,
        contentTypeHeader: request.headers['content-type'],
        body: request.body,
        ip: request.ip,
        requestId: request.id,
      }),
  );

  app.get(
    '/api/v1/files/:id',
    {
      config: {
        signedIn: true,
        unscopedIds: { id: 'only profile photos are served, and every signed-in user may see them (User Directory)' },
      },
      schema: {
        tags: ['files'],
        summary: 'The bytes of a stored file (profile photos: any signed-in user)',
        params: fileIdParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await readFile(app.db, app.files, request.actor!, request.params.id);
      const etag = `"${file.sha256}"`;
      reply
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('etag', etag)
        .header('content-disposition', 'inline')
        .type(file.contentType);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.send(file.data);
    },
  );
}
