import { HOLIDAY_MESSAGES } from '@casedesk/contract/calendar/calendar-event';
import { INQUIRY_MESSAGES } from '@casedesk/contract/inquiries/inquiry';
import { TRACKING_LINE_MESSAGES } from '@casedesk/contract/marketing/tracking-line';
import { CANNED_TEXT_MESSAGES } from '@casedesk/contract/sms/canned-text';
import { LETTER_MESSAGES } from '@casedesk/contract/mail/letter';
import { DRAFT_MESSAGES } from '@casedesk/contract/mail/draft';
import { MAIL_MESSAGES } from '@casedesk/contract/mail/mail';

/** What a route answered, as far as the comparison goes. */
export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** Keys that differ between two requests whatever they asked for. */
const PER_REQUEST_KEYS = new Set(['requestId', 'timestamp']);

function withoutPerRequestKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPerRequestKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !PER_REQUEST_KEYS.has(key))
      .map(([key, inner]) => [key, withoutPerRequestKeys(inner)]),
  );
}

/** The body with the ids the two requests differ by written alike, and per-request keys dropped. */
export function normalizedBody(answer: Answer, ids: readonly string[]): string {
  let text = answer.body;
  for (const id of ids) text = text.replaceAll(id, '<id>');
  try {
    return JSON.stringify(withoutPerRequestKeys(JSON.parse(text)));
  } catch {
    return text;
  }
}

/** Same status, same type of content and the same body, but for the ids sent and per-request keys. */
export function sameAnswer(a: Answer, b: Answer, ids: readonly string[]): boolean {
  return a.status === b.status && a.contentType === b.contentType && normalizedBody(a, ids) === normalizedBody(b, ids);
}

export function shown(answer: Answer): string {
  const text = answer.body.length > 300 ? `${answer.body.slice(0, 300)}… (${answer.body.length} chars)` : answer.body;
  return `${answer.status} ${text}`;
}

/**
 * Refusals of an id that names nothing other than a 404 or a 400 naming the field, each checked exactly.
 * An office is a choice the caller makes for a record being written (a lead's office, a holiday's, a canned
 * text's), so one outside the caller's scope is forbidden, and one that does not exist is outside it too:
 * the answer is a 403 whose message is about that office.
 */
export const EXPECTED_REFUSALS: Readonly<Record<string, { status: number; message: string }>> = {
  'POST /api/v1/inquiry officeId': { status: 403, message: INQUIRY_MESSAGES.officeOutOfScope },
  'PATCH /api/v1/inquiry officeId': { status: 403, message: INQUIRY_MESSAGES.officeOutOfScope },
  'POST /api/v1/holiday officeId': { status: 403, message: HOLIDAY_MESSAGES.officeOutOfScope },
  'PUT /api/v1/holiday/:id officeId': { status: 403, message: HOLIDAY_MESSAGES.officeOutOfScope },
  'GET /api/v1/sms/cannedResponses officeId': { status: 403, message: CANNED_TEXT_MESSAGES.officeOutOfScope },
  'POST /api/v1/sms/cannedResponses officeId': { status: 403, message: CANNED_TEXT_MESSAGES.officeOutOfScope },
  'POST /api/v1/dnis officeId': { status: 403, message: TRACKING_LINE_MESSAGES.officeOutOfScope },
  'PUT /api/v1/dnis/:id officeId': { status: 403, message: TRACKING_LINE_MESSAGES.officeOutOfScope },
  'POST /api/v1/mail/sendMail officeId': { status: 403, message: MAIL_MESSAGES.officeOutOfScope },
  'POST /api/v1/mail/saveLetter officeId': { status: 403, message: LETTER_MESSAGES.officeOutOfScope },
  'POST /api/v1/mail/letterBatch officeId': { status: 403, message: LETTER_MESSAGES.officeOutOfScope },
  'PUT /api/v1/draft officeId': { status: 403, message: DRAFT_MESSAGES.officeOutOfScope },
};

function parsed(answer: Answer): { message?: unknown; fieldErrors?: Record<string, unknown> } {
  try {
    const value: unknown = JSON.parse(answer.body);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

/**
 * Whether the answer to an id that names nothing shows the route looked that id up: a 404, or a 400 whose
 * field errors name the field, or the refusal listed for it. Anything else (a 200, another field's error)
 * means the check of that field proved nothing.
 */
export function reachesLookup(answer: Answer, routeField: string, field: string): boolean {
  const body = parsed(answer);
  const expected = EXPECTED_REFUSALS[routeField];
  if (expected) return answer.status === expected.status && body.message === expected.message;
  if (answer.status === 404) return true;
  return answer.status === 400 && body.fieldErrors?.[field] !== undefined;
}
