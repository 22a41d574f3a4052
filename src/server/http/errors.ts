import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { ZodError, type ZodType, type z } from 'zod';
import { ERRORS, errorText, type ErrorCode, type ErrorDetails } from '../../shared/error-codes.js';

/** A field's message; `code` (src/shared/error-codes.ts) when the server wrote it rather than a shared schema. */
export type FieldError = { path: string; message: string; code?: ErrorCode; details?: ErrorDetails };

/** An error meant for the client: status, stable code, a sentence a person understands. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    /** Figures behind the message (a limit and how far over it), for clients to show in their own words. */
    readonly details?: Record<string, number | string>,
  ) {
    super(message);
  }
}

/** The error of a code in the shared table: its status, its English text with the figures of `details`. */
export const appError = (code: ErrorCode, details?: ErrorDetails) =>
  new AppError(ERRORS[code].status, code, errorText(code, details), undefined, details);

/** A field error the server wrote itself, with the code the client translates. */
export const fieldError = (path: string, code: ErrorCode, details?: ErrorDetails): FieldError => ({
  path,
  message: errorText(code, details),
  code,
  ...(details ? { details } : {}),
});

/**
 * A refusal of one field's value with its code's own status, the field named in `errors` so the form
 * marks it (a brand name already taken is a 409 on `name`).
 */
export const fieldRefusal = (path: string, code: ErrorCode, details?: ErrorDetails) =>
  new AppError(
    ERRORS[code].status,
    code,
    errorText(code, details),
    [fieldError(path, code, details)],
    details,
  );

export const badRequest = (message = 'Bad request') => new AppError(400, 'BAD_REQUEST', message);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const paymentRequired = (message = 'No press releases left. Purchase a package to continue.') =>
  new AppError(402, 'PAYMENT_REQUIRED', message);
export const forbidden = (message = 'Access denied') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Resource not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message = 'Resource already exists') => new AppError(409, 'CONFLICT', message);
export const tooLarge = (message = 'Payload too large') => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const unsupportedMedia = (message = 'Unsupported file type') =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const tooManyRequests = (message = 'Too many requests. Please wait and try again.') =>
  new AppError(429, 'RATE_LIMITED', message);

/**
 * One entry per field and message: a value of the wrong type can fail a schema twice with the same
 * message (an array given for a string also fails its length check), and the form lists each once.
 */
export function zodFieldErrors(error: ZodError): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    const key = `${path}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ path, message: issue.message });
  }
  return errors;
}

export function validationFailed(errors: FieldError[], message?: string): AppError {
  return new AppError(
    422,
    'VALIDATION_ERROR',
    message ?? errors[0]?.message ?? 'Invalid data provided',
    errors,
  );
}

/** Parses input with a shared schema; on failure a 422 that lists every field error. */
export function parseInput<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationFailed(zodFieldErrors(result.error));
  return result.data;
}

/**
 * Path parameters that are not of the expected shape are "not found", never a 500 from the database. The caller
 * names the kind of id the path holds (`parseUuidParam<WorkspaceId>(…)`, src/shared/ids.ts): text from a URL
 * becomes a typed id here, where it is parsed, and nowhere else.
 */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function parseUuidParam<Id extends string = string>(value: unknown): Id {
  if (typeof value !== 'string' || !uuidPattern.test(value)) throw notFound();
  return value.toLowerCase() as Id;
}
export function parseIntParam(value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw notFound();
  return n;
}

/** The PostgreSQL error code (SQLSTATE) of a failed query, looked up through drizzle's wrapping causes. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A unique index refused the write (23505): the row another request or an earlier one holds. */
export const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === '23505';

/** PostgreSQL cannot store a NUL character in text (22021, 22P05); a client that sends one gets a 400, not a 500. */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

const statusCodes: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMITED',
};

/** Errors Fastify raises before routing (a badly percent-encoded URL, an over-long parameter), in our shape. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({ message: error.message, code: 'BAD_REQUEST', requestId: request.id });
}

/**
 * Maps every thrown error to the JSON error shape; only real faults become a 500. Every error answer
 * carries the request's id, which the logs carry too, so a reported error can be found.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) =>
    reply.statusCode >= 400 && isErrorBody(payload) ? { ...payload, requestId: request.id } : payload,
  );
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      // A rate-limited client is told when to come back (RFC 9110 Retry-After).
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send({
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (error instanceof ZodError) {
      const errors = zodFieldErrors(error);
      return reply
        .status(422)
        .send({ message: errors[0]?.message ?? 'Invalid data provided', code: 'VALIDATION_ERROR', errors });
    }
    if (UNSTORABLE_TEXT_CODES.has(databaseErrorCode(error) ?? '')) {
      return reply.status(400).send({ message: 'Text must not contain NUL characters', code: 'BAD_REQUEST' });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Malformed JSON in request body'
          : error.message;
      return reply.status(status).send({ message, code: statusCodes[status] ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: withoutQueryParameters(error) }, 'unhandled error');
    return reply.status(500).send({ message: 'Server error occurred', code: 'SERVER_ERROR' });
  });
}

const isErrorBody = (payload: unknown): payload is Record<string, unknown> =>
  typeof payload === 'object' &&
  payload !== null &&
  !Array.isArray(payload) &&
  'code' in payload &&
  'message' in payload;

/**
 * A failed query carries its parameters in its message, stack and fields: password hashes, email
 * addresses, release text. The log keeps the SQL, the database's own error and where it happened.
 */
export function withoutQueryParameters(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const safe = new Error(`Failed query: ${error.query}`, { cause: error.cause });
  safe.name = 'DrizzleQueryError';
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
  safe.stack = [`DrizzleQueryError: ${safe.message}`, ...frames].join('\n');
  return safe;
}
