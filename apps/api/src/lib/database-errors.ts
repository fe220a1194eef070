/** Socket errors of a database connection that cannot be made or was cut. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is not there for us: class 08 (connection exception), 57P01 admin
 * shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting or stopping), 53300 too many
 * connections.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/** node-postgres and pg-pool say these in words only (no code). */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end on the pool)/;

/**
 * Whether an error (or any error it wraps: Drizzle's `cause`, an AggregateError's `errors`) says the
 * database cannot be reached just now, rather than that a query was wrong. Those answer 503 with
 * Retry-After (decision 0026), not 500.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  if (isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** SQLSTATEs of a change a foreign key forbids: 23001 restrict_violation (ON DELETE RESTRICT), 23503. */
const FOREIGN_KEY_STATES = new Set(['23001', '23503']);

/**
 * Whether an error (or one it wraps: Drizzle's `cause`) is PostgreSQL's refusal of a change that the
 * foreign key named `constraint` forbids: a delete of a row still referenced ON DELETE RESTRICT (23001) or
 * NO ACTION (23503). A module can then answer 409 without knowing the module whose table refers to its rows.
 */
export function isForeignKeyViolation(error: unknown, constraint: string, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  const fields = error as { code?: unknown; constraint?: unknown; cause?: unknown };
  if (
    typeof fields.code === 'string' &&
    FOREIGN_KEY_STATES.has(fields.code) &&
    fields.constraint === constraint
  )
    return true;
  return isForeignKeyViolation(fields.cause, constraint, depth + 1);
}

/**
 * Whether an error (or one it wraps: Drizzle's `cause`) is PostgreSQL's refusal of a row that the unique
 * index `constraint` already holds (23505): e.g. a display name another learner has.
 */
export function isUniqueViolation(error: unknown, constraint: string, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  const fields = error as { code?: unknown; constraint?: unknown; cause?: unknown };
  if (fields.code === '23505' && fields.constraint === constraint) return true;
  return isUniqueViolation(fields.cause, constraint, depth + 1);
}
