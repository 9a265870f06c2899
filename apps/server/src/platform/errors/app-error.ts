import type { DenialReason, ErrorCode } from '@casedesk/contract/common/errors';
import { MESSAGES } from '@casedesk/contract/common/errors';

/** The one error services throw; the error handler turns its code into the HTTP status (DESIGN §3). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly reason?: DenialReason,
    /** An HTTP status other than the code's own, for the few client errors HTTP names more precisely (413, 415). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static notFound(what = 'Record'): AppError {
    return new AppError('NOT_FOUND', `${what} not found`);
  }

  static forbidden(reason: DenialReason = 'MISSING_PERMISSION'): AppError {
    const message = reason === 'ACCOUNT_INACTIVE' ? MESSAGES.accountInactive : MESSAGES.missingPermission;
    return new AppError('FORBIDDEN', message, undefined, reason);
  }

  static unauthorized(message: string = MESSAGES.signInRequired): AppError {
    return new AppError('UNAUTHORIZED', message);
  }

  static validation(message: string, fieldErrors?: Record<string, string>): AppError {
    return new AppError('VALIDATION', message, fieldErrors);
  }

  static forbiddenBecause(message: string): AppError {
    return new AppError('FORBIDDEN', message);
  }

  static conflict(message: string): AppError {
    return new AppError('CONFLICT', message);
  }

  static unsupportedMediaType(message: string): AppError {
    return new AppError('VALIDATION', message, undefined, undefined, 415);
  }

  static payloadTooLarge(message: string): AppError {
    return new AppError('VALIDATION', message, undefined, undefined, 413);
  }
}
