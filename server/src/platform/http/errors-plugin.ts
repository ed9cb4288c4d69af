/**
 * Every failure answers with an envelope: AppError (business or protocol refusals), schema validation,
 * malformed JSON, oversize bodies, unknown paths, database outages and unexpected faults.
 * Faults are logged with the request id; their details never reach the client.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { failure, langOf } from './envelope';
import { multipartProblem } from './multipart';
import { NulCharacterError, nulRefusalText } from './nul-refusal';

/**
 * PostgreSQL's refusals of a value itself (SQLSTATE class 22): a number out of its column's range, a character
 * the encoding has no place for (NUL). The schemas refuse such values first; when one slips through it is still
 * the client's value, so the answer is 2001, not a fault (logged, so the schema gets mended).
 */
const VALUE_REFUSED_BY_DATABASE = new Set(['22003', '22021', '22P05']);

/** Errors that mean "the database is unreachable", as opposed to a bug in a query. */
export function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (
    e.code &&
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300'].includes(
      e.code,
    )
  )
    return true;
  if (e.code?.startsWith('08')) return true; // connection exceptions
  // 55000 is also a query error, so only its connection-refused form ("not currently accepting connections") counts.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|is not currently accepting connections/i.test(
    e.message ?? '',
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = langOf(request);
    if (error instanceof AppError) {
      // Stored files and pages are not API calls: a browser or a player acts on their HTTP status.
      const status = error.key === 'NOT_FOUND' && !request.url.startsWith('/api/') ? 404 : error.status;
      return reply.status(status).send(failure(error.key, lang, error.details ?? null));
    }
    if (error instanceof NulCharacterError) {
      return reply
        .status(200)
        .send(failure('VALIDATION', lang, { fields: [error.field] }, nulRefusalText(error.field, lang)));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = [
        ...new Set(error.validation.map((v) => v.instancePath.replace(/^\//, '').replaceAll('/', '.')).filter(Boolean)),
      ];
      return reply
        .status(200)
        .send(failure('VALIDATION', lang, { fields }, fields.length ? fields.join(', ') : undefined));
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (error.statusCode === 400 && error instanceof SyntaxError)
    ) {
      return reply.status(400).send(failure('MALFORMED', lang));
    }
    const multipart = multipartProblem(error, lang);
    if (multipart) {
      return reply
        .status(400)
        .header('connection', 'close')
        .send(failure('MALFORMED', lang, null, multipart));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send(failure('TOO_LARGE', lang));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
      return reply.status(415).send(failure('MALFORMED', lang));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(failure('RATE_LIMITED', lang));
    }
    if (isDatabaseDown(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(failure('UNAVAILABLE', lang));
    }
    if (error.code && VALUE_REFUSED_BY_DATABASE.has(error.code)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'value refused by the database');
      return reply.status(200).send(failure('VALIDATION', lang));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(failure('MALFORMED', lang));
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected fault');
    return reply.status(500).send(failure('INTERNAL', lang, { request_id: request.id }));
  });
}
