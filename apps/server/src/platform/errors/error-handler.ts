import type { ErrorCode } from '@casedesk/contract/common/errors';
import type { ErrorBody } from '@casedesk/contract/common/error-body';
import { ERROR_STATUS, MESSAGES } from '@casedesk/contract/common/errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { authFailures } from '../metrics/metrics.ts';
import { AppError } from './app-error.ts';

const HTTP_ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

function codeForStatus(status: number): ErrorCode {
  const entry = Object.entries(ERROR_STATUS).find(([, s]) => s === status);
  if (entry) return entry[0] as ErrorCode;
  return status >= 500 ? 'INTERNAL' : 'VALIDATION';
}

export function sendError(reply: FastifyReply, status: number, body: Omit<ErrorBody, 'statusCode' | 'error'>) {
  if (status === 401 || status === 403) authFailures.inc({ status: String(status) });
  const full: ErrorBody = { statusCode: status, error: HTTP_ERROR_NAMES[status] ?? 'Error', ...body };
  return reply.status(status).send(full);
}

/** Turns a validation path ("/filter/searchKeyword") into the field key the SPA shows it under. */
function fieldKey(instancePath: string, context: string | undefined): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || context || '_';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const status = error.status ?? ERROR_STATUS[error.code];
      if (status >= 500) request.log.error({ err: error }, 'application error');
      return sendError(reply, status, {
        code: error.code,
        message: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        ...(error.reason ? { reason: error.reason } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldKey(issue.instancePath, error.validationContext);
        fieldErrors[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fieldErrors)[0] ?? 'Invalid request';
      return sendError(reply, 400, { code: 'VALIDATION', message: first, fieldErrors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(reply, 500, { code: 'INTERNAL', message: MESSAGES.somethingWentWrong });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      // DESIGN §3: 5xx bodies never leak internals.
      return sendError(reply, status, { code: 'INTERNAL', message: MESSAGES.somethingWentWrong });
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type): plain words, no internals.
    return sendError(reply, status, { code: codeForStatus(status), message: error.message });
  });
}

/** True when any string in a parsed body, query or params holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 32) return false;
  // Raw bytes (uploads) are not text: NUL is a legal byte there, and walking megabytes key by key is slow.
  if (ArrayBuffer.isView(value)) return false;
  const items = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return items.some((item) => containsNul(item, depth + 1));
}
