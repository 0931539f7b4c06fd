import { z } from '../validation';

export type ErrorCode = 'validation' | 'unauthorized' | 'forbidden' | 'two_factor_required' | 'not_found' | 'conflict' | 'rate_limited' | 'unavailable';

const statusFor: Record<ErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  /** Signed in, but an owner without a second factor: the admin pages send them to set it up. */
  two_factor_required: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** The one error type domain code throws for something the caller can act on. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Field path (dot-joined) → message, for forms. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }

  get status(): number {
    return statusFor[this.code];
  }
}

export function fieldError(field: string, message: string): AppError {
  return new AppError('validation', message, { [field]: message });
}

/** zod issues → `{ "address.zip": "Enter a 5-digit ZIP code", ... }`, first message per field. */
export function fieldsFromZod(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: z.ZodError): AppError {
  const fields = fieldsFromZod(error);
  const first = Object.values(fields)[0] ?? 'Please check the form.';
  return new AppError('validation', first, fields);
}

/** PostgreSQL errors that mean "someone else got there first", not a server fault. */
const CONFLICT_SQLSTATES = new Set(['23P01', '40001', '40P01']);
/**
 * The database is down, unreachable, or too stuck to answer in time: the statement, lock and
 * idle-in-transaction timeouts every transaction sets (57014, 55P03, 25P03) and the client's own
 * limit on a connection that stopped answering (DATABASE_STALLED, src/lib/db/limits.ts).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'DATABASE_STALLED',
  '57P01',
  '57P03',
  '53300',
  '57014',
  '55P03',
  '25P03',
]);

/** A delete refused because another row still refers to this one (foreign_key_violation). */
export function isStillReferenced(error: unknown): boolean {
  return (error as { code?: string })?.code === '23503';
}

export function isConflict(error: unknown): boolean {
  return CONFLICT_SQLSTATES.has((error as { code?: string })?.code ?? '');
}

/**
 * The single mapping from any thrown value to an HTTP answer: validation 400, auth 401/403,
 * not found 404, conflict 409, rate limit 429, database down 503, anything else 500 with the
 * details only in the log.
 */
export function toResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return Response.json(
      { error: { code: error.code, message: error.message, ...(Object.keys(error.fields).length ? { fields: error.fields } : {}) } },
      { status: error.status },
    );
  }
  if (error instanceof z.ZodError) return toResponse(validationError(error));
  const code = (error as { code?: string })?.code ?? '';
  if (CONFLICT_SQLSTATES.has(code)) {
    return toResponse(new AppError('conflict', 'Sorry, that is no longer available for those dates. Please choose another time.'));
  }
  if (UNAVAILABLE_CODES.has(code)) {
    console.error('Database unavailable:', error);
    return toResponse(new AppError('unavailable', 'We can’t reach our booking system right now. Please try again in a minute.'));
  }
  console.error(error);
  return Response.json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, { status: 500 });
}
