import { ERROR_CODES, ERRORS_ALSO_AS_MESSAGE, type ErrorCode, type ErrorEnvelope } from '@portal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDataException } from '../db/errors';
import { DomainError } from '../errors';
import { loggableError } from '../lib/loggable-error';

/** Fastify's own 4xx codes, each with the sentence the client gets. */
const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
};

function envelope(code: ErrorCode, message: string = ERROR_CODES[code]): ErrorEnvelope {
  return ERRORS_ALSO_AS_MESSAGE.includes(code)
    ? { success: false, error: message, message, code }
    : { success: false, error: message, code };
}

type ValidationIssue = { instancePath?: string; message?: string };

/** `Invalid hours: must be at least 1` - names the field a person has to fix. */
export function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const first = issues[0];
  const field = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const where = field || (context === 'body' ? 'request body' : (context ?? 'request'));
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `Invalid ${where}: ${first?.message ?? 'not accepted'}${more}`;
}

/**
 * One error handler for the whole API: known refusals become the envelope with their status;
 * messages of unexpected errors are hidden, because they may carry internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send(envelope('BAD_REQUEST', describeValidation(error.validation, error.validationContext)));
    }
    if (error instanceof DomainError) {
      const body = envelope(error.code, error.message);
      return reply.code(error.statusCode).send(error.problems ? { ...body, problems: error.problems } : body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.routeOptions.url }, 'response did not match its schema');
      return reply.code(500).send(envelope('INTERNAL'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = FASTIFY_CLIENT_ERRORS[error.code] ?? (status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST');
      const message = code === 'BAD_REQUEST' ? error.message || ERROR_CODES.BAD_REQUEST : ERROR_CODES[code];
      return reply.code(status).send(envelope(code, message));
    }
    if (isDataException(error)) {
      request.log.warn({ err: loggableError(error), url: request.routeOptions.url }, 'the database refused a value');
      return reply.code(400).send(envelope('BAD_REQUEST', 'A value in the request cannot be stored'));
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.code(500).send(envelope('INTERNAL'));
  });
}

/**
 * JSON bodies: an empty body counts as no body (the web app's auto-login posts nothing), and
 * prototype-poisoning keys are refused rather than silently dropped.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, null);
      return;
    }
    parseJson(request, text, done);
  });
}
