import { MESSAGES } from '@casedesk/contract/common/errors';

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** SPEC §8: an auth guard failure is an alert 'AuthGuard handle promise error' plus the error text. */
export function alertGuardFailure(error: unknown): void {
  console.error(MESSAGES.authGuardError, error);
  window.alert(`${MESSAGES.authGuardError} ${errorText(error)}`);
}
