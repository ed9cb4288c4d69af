/**
 * Requests refused before they reach a route, answered with the envelope like every other refusal:
 * - clientErrorHandler: what Node's HTTP parser refuses (headers over `maxHeaderSize`, 16 KiB by default → 431;
 *   a request that is not HTTP → 400; a client too slow to send its headers → 408). No request object exists
 *   yet, so the answer is written on the socket, in English when the bytes read so far ask for it.
 * - frameworkErrors: a path Fastify cannot decode (bad percent-encoding → 400) or a path parameter over its
 *   length limit (→ 414).
 */
import type { Socket } from 'node:net';
import type { ErrorKey, Lang } from '@trackline/contract/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failure, langOf } from './envelope';

const HEADERS_TOO_LARGE = { zh: '请求头过大', en: 'the request headers are too large' };

function answerFor(code: string | undefined): {
  status: number;
  reason: string;
  key: ErrorKey;
  extra?: typeof HEADERS_TOO_LARGE;
} {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, reason: 'Request Header Fields Too Large', key: 'TOO_LARGE', extra: HEADERS_TOO_LARGE };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', key: 'MALFORMED' };
  return { status: 400, reason: 'Bad Request', key: 'MALFORMED' };
}

/** The language an unparsed request asked for: its Accept-Language header, if the bytes read so far hold it. */
function langOfRawRequest(raw: unknown): Lang {
  if (!Buffer.isBuffer(raw)) return 'zh-CN';
  const match = /\r\naccept-language:[ \t]*([^\r\n,;]*)/i.exec(raw.subarray(0, 64 * 1024).toString('latin1'));
  return langOf({ headers: { 'accept-language': match?.[1] ?? '' } });
}

export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const lang = langOfRawRequest(error.rawPacket);
    const answer = answerFor(error.code);
    const extra = answer.extra ? (lang === 'en' ? answer.extra.en : answer.extra.zh) : undefined;
    const body = JSON.stringify(failure(answer.key, lang, null, extra));
    socket.write(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const lang = langOf(request);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(failure('TOO_LARGE', lang));
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send(failure('MALFORMED', lang));
    return;
  }
  // An asynchronous route constraint that failed (none today): ours, not the client's.
  request.log.error({ err: error }, 'route constraint failed');
  reply.status(500).send(failure('INTERNAL', lang, { request_id: request.id }));
}
