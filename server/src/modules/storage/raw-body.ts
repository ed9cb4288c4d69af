/**
 * A scope for calls whose body is a file streamed to disk (tus PATCH, the signed PUT): no body parsing and so no
 * body limit (the handler reads request.raw itself, counting against its own limit), and refusals with the HTTP
 * status such clients act on (401, 404, 409, 413, 422, 423...) around the usual envelope.
 */
import type { ErrorKey } from '@trackline/contract/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { failure, langOf } from '../../platform/http/envelope';
import { NulCharacterError, nulRefusalText } from '../../platform/http/nul-refusal';
import { refusalText } from './tus.service';

/** Statuses that differ from the catalogue's (which answers most refusals with 200 and an error code). */
const PROTOCOL_STATUS: Partial<Record<ErrorKey, number>> = {
  LOGIN_INVALID: 401,
  CROSS_SITE: 403,
  UPLOAD_GRANT_INVALID: 403,
  NOT_FOUND: 404,
  VALIDATION: 400,
  RATE_LIMITED: 429,
  STORAGE_QUOTA_EXCEEDED: 413,
  UPLOAD_SIZE_OVER_LIMIT: 413,
  UPLOAD_EMPTY: 400,
  UPLOAD_MEDIA_REFUSED: 422,
  UPLOAD_CONTENT_MISMATCH: 422,
};

export async function rawBodyScope(app: FastifyInstance, routes: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    // Every body type, JSON and text included: the handler takes the stream as it comes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof NulCharacterError) {
        const lang = langOf(request);
        return reply
          .status(400)
          .send(failure('VALIDATION', lang, { fields: [error.field] }, nulRefusalText(error.field, lang)));
      }
      if (!(error instanceof AppError)) throw error;
      // The client may still be sending a body nobody will read.
      if (request.method === 'PATCH' || request.method === 'PUT') reply.header('connection', 'close');
      const lang = langOf(request);
      // The analyzers' rules, when they named any, follow the catalogue's text.
      const body = { ...failure(error.key, lang, error.details ?? null), msg: refusalText(error, lang).msg };
      return reply.status(PROTOCOL_STATUS[error.key] ?? error.status).send(body);
    });
    routes(scope);
  });
}
