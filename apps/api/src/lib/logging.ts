import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env.ts';

/** Fastify's logger option: pino's options plus `stream`. */
export type LoggerConfig = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
/** Where JSON log lines go when not to stdout. */
export interface LogStream {
  write(line: string): void;
}

/** Hides the secret part of e-mailed links (`…/{userId}/{token}`) in request logs. */
export function redactUrl(url: string): string {
  return url.replace(
    /\/(verify-email|validate-reset-token|reset-password)\/([^/?]+)\/[^/?]+/,
    '/$1/$2/[redacted]',
  );
}

const ARGON2_HASH = /\$argon2(?:id|i|d)\$[^\s"'`,;)\]}]*/g;
const EMAIL_ADDRESS = /[\w.!#%&*+=?^{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/**
 * Our link and session tokens: 43 base64url characters (32 random bytes). Requiring both cases keeps
 * SQL names and other lower-case identifiers of that length readable; a random token lacks one case
 * with a chance of about 1 in 5 billion.
 */
const TOKEN = /(?<![\w-])(?=[\w-]{0,42}[A-Z])(?=[\w-]{0,42}[a-z])[\w-]{43}(?![\w-])/g;
const SECRET_QUERY_PARAMETER = /([?&;](?:token|code|secret|password)=)[^&\s"'#]*/gi;

/** Replaces password hashes, e-mail addresses and tokens in a text by placeholders. */
export function scrubText(text: string): string {
  return text
    .replace(ARGON2_HASH, '[redacted hash]')
    .replace(SECRET_QUERY_PARAMETER, '$1[redacted]')
    .replace(EMAIL_ADDRESS, '[redacted email]')
    .replace(TOKEN, '[redacted token]');
}

/** Keys whose values are secrets or personal data whatever they look like. */
const SECRET_KEYS = new Set([
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'authorization',
  'cookie',
  'set-cookie',
  // a failed query's values (Drizzle's DrizzleQueryError and the PGlite error both carry them)
  'params',
  'textBody',
  'htmlBody',
  'text_body',
  'html_body',
]);

/**
 * Fields of driver errors worth keeping: what failed and where, never the values. PostgreSQL's
 * `detail` ("Failing row contains (…)", "Key (email)=(…) already exists") and `where`, Drizzle's and
 * PGlite's `params` and `queryOptions` are left out.
 */
const SAFE_ERROR_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'statusCode',
  'errno',
  'syscall',
  'address',
  'port',
  'responseCode',
] as const;

const MAX_DEPTH = 6;

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  cause?: unknown;
  errors?: unknown[];
  [field: string]: unknown;
}

/**
 * An error as a plain object fit for the log: its message without a failed query's parameters (Drizzle
 * appends them: "Failed query: …\nparams: …"), the stack's frames, safe driver fields and its cause,
 * with hashes, addresses and tokens scrubbed from every text.
 */
function safeError(error: Error, depth = 0): SafeError {
  const fields = error as Error & Record<string, unknown>;
  // A bundled driver's class name can be minified to a letter; its `name` says more then.
  const className = error.constructor.name;
  const type = className.length > 2 && className !== 'Error' ? className : error.name;
  const query = typeof fields.query === 'string' ? fields.query : undefined;
  const message = scrubText(
    query !== undefined && error.message.startsWith('Failed query:')
      ? `Failed query: ${query}`
      : (error.message.split('\nparams: ')[0] ?? ''),
  );
  // The stack's first line repeats the message (with Drizzle's parameters): keep only the frames.
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .slice(0, 12);
  const safe: SafeError = { type, message, stack: scrubText([`${type}: ${message}`, ...frames].join('\n')) };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string') safe[field] = scrubText(value);
    else if (typeof value === 'number') safe[field] = value;
  }
  if (error.cause !== undefined && depth < MAX_DEPTH) safe.cause = scrubValue(error.cause, depth + 1);
  if (Array.isArray(fields.errors) && depth < MAX_DEPTH) {
    // AggregateError: pg reports a refused connection to every address of the host this way.
    safe.errors = fields.errors.slice(0, 5).map((inner) => scrubValue(inner, depth + 1));
  }
  return safe;
}

/** A copy of a logged value with secrets removed: texts scrubbed, secret keys censored, errors made safe. */
function scrubValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return safeError(value, depth);
  if (value instanceof Date) return value;
  if (seen.has(value) || depth >= MAX_DEPTH) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_KEYS.has(key) ? '[redacted]' : scrubValue(item, depth + 1, seen);
  }
  return copy;
}

/** Logged objects whose own serializer scrubs them (Fastify's request and reply are large objects). */
const SERIALIZED_KEYS = new Set(['req', 'res']);

/**
 * The server's pino options; `stream` sends the JSON lines somewhere else (tests read them).
 *
 * Nothing secret reaches a log line (decision 0026): errors are logged without a failed query's parameters
 * or PostgreSQL's row details; every logged text, the message included, has password hashes, e-mail
 * addresses and tokens replaced; keys like `password` or `token` are censored at any depth.
 */
export function loggerOptions(config: Config, stream?: LogStream): LoggerConfig {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...['password', 'passwordHash', 'token', 'email'].flatMap((key) => [key, `*.${key}`]),
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return {
          id: request.id,
          method: request.method,
          url: scrubText(redactUrl(request.url)),
          ip: request.ip,
        };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
      err(error: Error) {
        // formatters.log has usually made it safe already; pino hands over whatever was logged as `err`.
        const logged: unknown = error;
        if (logged instanceof Error) return safeError(logged);
        if (logged !== null && typeof logged === 'object') return scrubValue(logged) as SafeError;
        return { type: typeof logged, message: scrubText(String(logged)), stack: '' };
      },
    },
    formatters: {
      log(object: Record<string, unknown>) {
        const safe: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(object)) {
          safe[key] = SERIALIZED_KEYS.has(key)
            ? value
            : SECRET_KEYS.has(key)
              ? '[redacted]'
              : scrubValue(value);
        }
        return safe;
      },
    },
    hooks: {
      logMethod(args, method) {
        const safeArgs = args.map((arg: unknown) => (typeof arg === 'string' ? scrubText(arg) : arg));
        method.apply(this, safeArgs as Parameters<typeof method>);
      },
    },
    ...(stream
      ? { stream }
      : config.isProduction
        ? {}
        : {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }),
  };
}
