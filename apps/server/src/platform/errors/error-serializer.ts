/**
 * What an error may put in a log line (DESIGN §3 Logs: no message bodies, tokens or dates of birth).
 * Database errors are the danger: PostgreSQL's `detail` repeats the offending row ("Key (mail)=(x@y)
 * already exists"), `where`/`internalQuery` hold SQL, PGlite adds the query and its parameters, and
 * Drizzle's wrapper writes the parameters into its message (and so into its stack). A URL's query
 * string can hold a phone number or a signed link's signature. So an error is logged as an allow-list.
 */

/** A logged error: plain data, safe to write to a log line as it is. */
export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  statusCode?: number;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  cause?: SafeError;
}

/** Fields kept as they are: they name a rule or a place in the schema, never a value. */
const KEPT_FIELDS = ['severity', 'constraint', 'table', 'column', 'schema'] as const;
const MAX_CAUSE_DEPTH = 5;

/** Where a URL in a sentence ends: white space, quotes, angle brackets, parentheses. */
const URL_END = /[\s"'`<>()]/;
const QUERY_OR_FRAGMENT = /[?#][^\s"'`<>()]*/g;

/**
 * `/api/v1/x?phone=555…` → `/api/v1/x`, also inside a sentence; whole URLs keep their origin. A `?` is
 * dropped with what follows only when its word holds a `/` (so a question keeps its question mark).
 * A scan rather than one regular expression: that one backtracks quadratically on long messages.
 */
export function stripQueryStrings(text: string): string {
  return text.replace(QUERY_OR_FRAGMENT, (match: string, offset: number) => {
    for (let i = offset - 1; i >= 0 && !URL_END.test(text[i]!); i -= 1) {
      if (text[i] === '/') return '';
    }
    return match;
  });
}

/** The path of a request URL, without its query string (which may hold names, numbers or tokens). */
export function urlPath(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? '';
}

/** A SQLSTATE: five digits or upper-case letters (pg, PGlite and Drizzle's cause all carry one). */
function isSqlState(code: unknown): code is string {
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * PostgreSQL quotes the offending input in most messages outside class 23: `invalid input syntax for
 * type date: "1990-02-30"` (class 22), `syntax error at or near "…"`. Integrity violations (class 23)
 * quote only constraint, table and column names and put the values in `detail`, which is dropped.
 * Class 42 (other than syntax errors) quotes identifiers of our own schema; P0001 is our own RAISE.
 */
function databaseMessage(code: string, message: string): string {
  const quotesOnlyNames = code.startsWith('23') || (code.startsWith('42') && code !== '42601') || code === 'P0001';
  return quotesOnlyNames ? message : message.replace(/"[^"]*"/g, '"…"');
}

function errorType(error: Error & Record<string, unknown>): string {
  // pg's and PGlite's class names say nothing (PGlite's is minified to one letter).
  if (isSqlState(error.code) && typeof error.severity === 'string') return 'DatabaseError';
  const ctor = (error as { constructor?: { name?: unknown } }).constructor;
  return typeof ctor?.name === 'string' && ctor.name ? ctor.name : error.name;
}

function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error || (!!value && typeof value === 'object' && typeof (value as Error).message === 'string')
  );
}

function safeMessage(error: Error, type: string, code: unknown): string {
  // Drizzle: "Failed query: <sql>\nparams: <values>"; the database's own reason is its cause.
  if (type === 'DrizzleQueryError' || String(error.message).startsWith('Failed query:')) return 'Failed query';
  const message = stripQueryStrings(String(error.message));
  return isSqlState(code) ? databaseMessage(code, message) : message;
}

/** The stack's frames under a header rebuilt from the safe message (the original header repeats the raw one). */
function safeStack(stack: unknown, header: string): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [header, ...frames.map(stripQueryStrings)].join('\n');
}

/**
 * Pino's `err` serializer. Keeps type, message (made safe), stack frames, code, statusCode and the
 * schema names of a database error, and its cause the same way; drops every other field. Idempotent:
 * a SafeError passes through unchanged, so loggers that serialize again do no harm.
 */
export function serializeError(value: Error): SafeError;
export function serializeError(value: unknown): unknown;
export function serializeError(value: unknown): unknown {
  return isErrorLike(value) ? safeErrorOf(value, 0) : value;
}

function safeErrorOf(error: Error, depth: number): SafeError {
  const source = error as Error & Record<string, unknown>;
  // A SafeError (plain data) names its type; a live error is named by its class.
  const type = typeof source.type === 'string' && !(error instanceof Error) ? source.type : errorType(source);
  const code = source.code;
  const message = safeMessage(source, type, code);
  const safe: SafeError = { type, message };
  const stack = safeStack(source.stack, `${type}: ${message}`);
  if (stack) safe.stack = stack;
  if (typeof code === 'string' || typeof code === 'number') safe.code = String(code);
  if (typeof source.statusCode === 'number') safe.statusCode = source.statusCode;
  for (const field of KEPT_FIELDS) {
    if (typeof source[field] === 'string') safe[field] = source[field];
  }
  if (depth < MAX_CAUSE_DEPTH && isErrorLike(source.cause)) safe.cause = safeErrorOf(source.cause, depth + 1);
  return safe;
}

/** The shape of logger the job platform and the realtime bus take (pino's fits). */
export interface DetailsLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Serializes `details.err` before it reaches a logger that may not: the job platform and the realtime
 * bus accept any logger (the console in scripts), not only the app's pino with its serializer.
 */
export function withSafeErrors(logger: DetailsLogger): DetailsLogger {
  const safe = (details: object): object =>
    'err' in details ? { ...details, err: serializeError((details as { err: unknown }).err) } : details;
  return {
    error: (details, message) => logger.error(safe(details), message),
    warn: (details, message) => logger.warn(safe(details), message),
  };
}
