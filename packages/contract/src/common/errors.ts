/** Error codes every service throws with; the server maps each to one HTTP status (DESIGN §3). */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'BUSINESS_RULE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** SPEC §8 wording. */
export const MESSAGES = {
  popupTitle: 'Application ran into an error',
  somethingWentWrong: 'Something went wrong!',
  accountInactive: 'Your account is currently inactive. If this is an error, please contact IT Support',
  missingPermission: "You don't have permissions to view this page. If this is an error, please contact IT Support",
  authGuardError: 'AuthGuard handle promise error',
  signInRequired: 'Sign-in required',
  notFound: 'Not found',
} as const;

/** Why a 403 was given, so the SPA shows the right Access Denied wording (SPEC §8). */
export const DENIAL_REASONS = ['ACCOUNT_INACTIVE', 'MISSING_PERMISSION'] as const;
export type DenialReason = (typeof DENIAL_REASONS)[number];
