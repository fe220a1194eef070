import { isUuid } from './ids.ts';

/**
 * Errors services throw; the error plugin maps each to its status and `{ message }`, plus `code` when
 * the client must act on the kind of refusal rather than show its text (e.g. PAYMENT_METHOD_REQUIRED).
 */
export class AppError extends Error {
  code: string | undefined;
  /** the entries refused, when the client shows them (a paste's refused e-mails, decision 0079) */
  errors: Array<{ path: string; message: string }> | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** the same error carrying a machine-readable code */
  withCode(code: string): this {
    this.code = code;
    return this;
  }

  /** the same error listing what was refused, each entry with its reason */
  withErrors(errors: Array<{ path: string; message: string }>): this {
    this.errors = errors;
    return this;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Please log in to continue') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}
export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
export class BadGatewayError extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}

/** What `find` reads for the uuid `id`; a NotFoundError with `message` when `id` is no uuid or nothing is found. */
export async function findOr404<T>(
  id: string,
  find: () => Promise<T | undefined>,
  message: string,
): Promise<T> {
  const row = isUuid(id) ? await find() : undefined;
  if (!row) throw new NotFoundError(message);
  return row;
}
