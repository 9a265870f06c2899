import { DENIAL_REASONS, ERROR_CODES, MESSAGES, type DenialReason } from '@casedesk/contract/common/errors';
import type { ErrorBody } from '@casedesk/contract/common/error-body';

/** A failed API call, with the server's error body when it sent one (DESIGN §3). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null, fallbackMessage?: string) {
    super(body?.message ?? fallbackMessage ?? MESSAGES.somethingWentWrong);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get reason(): DenialReason | undefined {
    return this.body?.reason;
  }
}

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}

/**
 * The server's error shape (errorBodySchema), checked by hand: an error can come from something else on the way (a
 * proxy's 502 page, a gateway's JSON), and this check keeps zod off the first screen (see apiRequest).
 */
export function asErrorBody(value: unknown): ErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const body = value as Record<string, unknown>;
  const wellFormed =
    typeof body.statusCode === 'number' &&
    typeof body.error === 'string' &&
    typeof body.message === 'string' &&
    isOneOf(ERROR_CODES, body.code) &&
    (body.reason === undefined || isOneOf(DENIAL_REASONS, body.reason)) &&
    (body.fieldErrors === undefined ||
      (typeof body.fieldErrors === 'object' &&
        body.fieldErrors !== null &&
        Object.values(body.fieldErrors).every((message) => typeof message === 'string')));
  return wellFormed ? (body as ErrorBody) : null;
}

export async function readErrorBody(response: Response): Promise<ErrorBody | null> {
  try {
    return asErrorBody(await response.json());
  } catch {
    return null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** SPEC §8: the popup shows the server's message field, else 'Something went wrong!'. */
export function popupMessageOf(error: unknown): string {
  if (isApiError(error) && error.body?.message) return error.body.message;
  return MESSAGES.somethingWentWrong;
}
