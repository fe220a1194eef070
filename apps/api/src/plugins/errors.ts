import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { AppError } from '../lib/errors.ts';

export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again shortly.';
/** seconds a client should wait before retrying while the database is unreachable */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

interface ValidationIssue {
  path: string;
  message: string;
}

function describeValidation(error: FastifyError): { message: string; errors: ValidationIssue[] } {
  const errors: ValidationIssue[] = [];
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      errors.push({ path, message: issue.message ?? 'is invalid' });
    }
  }
  const first = errors[0];
  if (!first) return { message: 'Invalid request', errors };
  if (first.path === '' && /expected object/i.test(first.message)) {
    return { message: 'Request body must be a JSON object', errors };
  }
  // zod's own wording ("Invalid input: …") does not say which field; our schema messages do.
  const message =
    /^Invalid (input|option)/.test(first.message) && first.path
      ? `${first.path}: ${first.message}`
      : first.message;
  return { message, errors };
}

/** One error shape, `{ message, errors? }`, for every failure (CONVENTIONS.md rule 3). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.errors ? { errors: error.errors } : {}),
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(describeValidation(error));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // A route with a larger limit (an import's file) says what its limit is in its own words.
      return reply.status(413).send({
        message: request.routeOptions.config.bodyLimitMessage ?? 'Request body is too large (limit 1 MiB)',
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ message: 'Request body is not valid JSON' });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ message: 'Request body is empty' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Send the request body as application/json' });
    }
    if (status === 429) {
      return reply.status(429).send({ message: 'Too many requests. Please wait a moment and try again.' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // The database (or another service over the network) is down or restarting, not a bug: 503 tells
      // clients and load balancers to come back (decision 0026).
      request.log.warn({ err: error }, 'service unavailable: a connection failed');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
        .send({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
