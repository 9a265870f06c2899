import type { FastifyReply } from 'fastify';
import type { MailFile } from './mail.service.ts';

/** A download: its type, a safe attachment name (RFC 6266, with the UTF-8 name for browsers that read it), no-store. */
export function sendFile(reply: FastifyReply, file: MailFile): FastifyReply {
  const ascii = file.filename.replace(/[^A-Za-z0-9._ -]/g, '_') || 'file';
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}
