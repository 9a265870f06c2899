import { errorBodySchema, MESSAGES, type DenialReason, type ErrorBody } from '@casedesk/contract/common/errors';

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

export async function readErrorBody(response: Response): Promise<ErrorBody | null> {
  try {
    const parsed = errorBodySchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
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
