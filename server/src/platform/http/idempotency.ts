/**
 * Idempotency keys (issue 9: a double click made two work orders and two replies). A state-changing /api call may
 * carry `Idempotency-Key` (the web app sends one per intended action, kept until it succeeds). The first call with a
 * key claims it (an INSERT that only one of any number of parallel calls wins) and runs; the others wait for its
 * answer and get it again, marked `Idempotent-Replayed: true`, having changed nothing. Only successes (code 1) are
 * kept, for a day: a refusal or a fault changed nothing, so the claim is dropped and a retry runs afresh; so is an
 * answer that sets a cookie. The same
 * key with a different request is refused (2240), never run. A claim left by a process that died mid-call is taken
 * over after CLAIM_STALE_MS.
 *
 * Who called is the session token (musician or staff, header or cookie), else the address, hashed: one caller's
 * key never meets another's. Calls without the header are not affected.
 */
import { createHash } from 'node:crypto';
import { CODE_OK } from '@trackline/contract/envelope';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from './app-error';
import { readToken } from './auth';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** How long a first answer is given again. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;
const CLAIM_STALE_MS = 60_000;
/** How long a repeat waits for the first call's answer before saying it is still running (2241). */
const WAIT_MS = 15_000;
const POLL_MS = 40;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { scope: string; key: string };
  }
  interface FastifyContextConfig {
    /** A POST that only reads (the spec's "GET and POST" calls): its key is ignored, nothing is kept. */
    readOnly?: boolean;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

function scopeOf(request: FastifyRequest): string {
  const caller = readToken(request, 'staff') ?? readToken(request, 'user');
  return sha256(caller ? `token:${caller.token}` : `ip:${request.ip}`);
}

function requestHash(request: FastifyRequest): string {
  // Multipart and streamed bodies are not parsed here: the route and its query stand for them.
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return sha256(`${request.method} ${request.url}\n${body}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function claimOrReplay(db: Db, request: FastifyRequest, reply: FastifyReply, key: string) {
  const scope = scopeOf(request);
  const hash = requestHash(request);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ scope, key, request_hash: hash, state: 'pending' })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (claimed) {
      request.idempotency = { scope, key };
      return;
    }
    const first = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!first) continue; // the first call was refused or failed and let go of the key: try to claim it again
    if (first.request_hash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH');
    if (first.state === 'done') {
      return reply
        .status(first.status_code ?? 200)
        .header('content-type', first.content_type ?? 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(first.body ?? '');
    }
    if (Date.now() - first.created_at.getTime() > CLAIM_STALE_MS) {
      // Its process died mid-call: take the claim over (only one waiter can delete the row it saw).
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('state', '=', 'pending')
        .where('created_at', '=', first.created_at)
        .execute();
      continue;
    }
    if (Date.now() > deadline) throw new AppError('IDEMPOTENCY_BUSY');
    await sleep(POLL_MS);
  }
}

async function settle(db: Db, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const claim = request.idempotency;
  if (!claim) return;
  request.idempotency = undefined;
  const where = db.deleteFrom('idempotency_keys').where('scope', '=', claim.scope).where('key', '=', claim.key);
  let succeeded = false;
  // An answer that sets a cookie (a login, a registration) is not kept: a replay could not set it again, and its
  // body holds a session token. A repeat of such a call runs again, which those calls allow.
  if (reply.statusCode === 200 && typeof payload === 'string' && !reply.hasHeader('set-cookie')) {
    try {
      succeeded = (JSON.parse(payload) as { code?: unknown }).code === CODE_OK;
    } catch {
      succeeded = false;
    }
  }
  if (!succeeded) {
    await where.execute();
    return;
  }
  await db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      status_code: reply.statusCode,
      content_type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      body: payload as string,
    })
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .execute();
}

/**
 * Attached to each state-changing /api route as it is registered (not to every request): reads pay nothing.
 * The claim runs as the route's first preHandler, after its session and role guards (guardsFirst moves those to
 * onRequest), so a caller who may not make the call never claims a key.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  const claim: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key))
      throw new AppError('VALIDATION', { fields: ['Idempotency-Key'] });
    return claimOrReplay(db, request, reply, key);
  };
  const record: onSendHookHandler = async (request, reply, payload) => {
    try {
      await settle(db, request, reply, payload);
    } catch (err) {
      // The answer still goes out; at worst a repeat of this call runs again.
      request.log.warn({ err }, 'idempotency key not recorded');
    }
    return payload;
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const writes = methods.some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m)) || route.config?.stateChanging === true;
    if (!writes || route.config?.readOnly || !route.url.startsWith('/api/')) return;
    route.preHandler = [claim, ...asList(route.preHandler)] as RouteOptions['preHandler'];
    route.onSend = [...asList(route.onSend), record] as RouteOptions['onSend'];
  });
}

function asList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Keys older than the window go (the platform's hourly sweep). */
export async function sweepIdempotencyKeys(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', sql<Date>`now() - ${`${IDEMPOTENCY_WINDOW_MS / 1000} seconds`}::interval`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
