/**
 * Who is calling: the token comes from a header or a cookie. Cookie-authenticated requests that change state
 * must come from our own site (Sec-Fetch-Site, else Origin against Host) — the cross-site request forgery guard.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../db/database';
import { AppError } from './app-error';
import { resolveSession, type SessionLookup, type SessionWith, type SubjectKind } from './sessions';

const CARRIERS: Record<SubjectKind, { header: string; cookie: string }> = {
  user: { header: 'token', cookie: 'token' },
  staff: { header: 'admin-token', cookie: 'admin_token' },
};

export interface Caller<S> extends SessionWith<S> {
  token: string;
  /** Authenticated by the HttpOnly cookie (a browser page), not the header (an API client). */
  viaCookie: boolean;
}

/** The subject rows of each session kind; the owning modules add theirs (account: user, staff: staff). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging from the modules
export interface SessionSubjects {}
type SubjectOf<K extends SubjectKind> = SessionSubjects extends { [P in K]: infer S } ? S : unknown;

declare module 'fastify' {
  interface FastifyRequest {
    user?: Caller<SubjectOf<'user'>>;
    staff?: Caller<SubjectOf<'staff'>>;
  }
  interface FastifyContextConfig {
    /** A GET that changes state (the spec's GET /api/user/logout): guarded like a POST. */
    stateChanging?: boolean;
  }
}

export function readToken(request: FastifyRequest, kind: SubjectKind): { token: string; viaCookie: boolean } | null {
  const { header, cookie } = CARRIERS[kind];
  const fromHeader = request.headers[header];
  if (typeof fromHeader === 'string' && fromHeader.length > 0) return { token: fromHeader, viaCookie: false };
  const fromCookie = request.cookies?.[cookie];
  if (fromCookie) return { token: fromCookie, viaCookie: true };
  return null;
}

export function isCrossSite(request: FastifyRequest, publicBaseUrl?: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'cross-site' || site === 'same-site';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  if (originHost === request.headers.host) return false;
  return !(publicBaseUrl && new URL(publicBaseUrl).host === originHost);
}

/**
 * A call from a web page rather than an API client: browsers send Sec-Fetch-Site (and Origin on every POST); API
 * clients send neither. Such a caller gets its session only as the HttpOnly cookie, never as a token in the body.
 */
export function fromWebPage(request: FastifyRequest): boolean {
  return typeof request.headers['sec-fetch-site'] === 'string' || typeof request.headers.origin === 'string';
}

/**
 * For calls that start a session (login, registration): refused from another site like every state-changing cookie
 * call, so a page elsewhere cannot log a visitor into an account of its choosing (login forgery).
 */
export function refuseCrossSite(config: Config) {
  return async (request: FastifyRequest) => {
    if (isCrossSite(request, config.publicBaseUrl)) throw new AppError('CROSS_SITE');
  };
}

function changesState(request: FastifyRequest): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(request.method) || request.routeOptions.config?.stateChanging === true;
}

export function cookieOptions(config: Config, request: FastifyRequest) {
  const secure = request.protocol === 'https' || (config.publicBaseUrl?.startsWith('https://') ?? false);
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    maxAge: Math.floor(config.sessionIdleMs / 1000),
  };
}

export function cookieName(kind: SubjectKind): string {
  return CARRIERS[kind].cookie;
}

async function authenticate<S>(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SubjectKind,
  lookup: SessionLookup<S>,
): Promise<Caller<S>> {
  const found = readToken(request, kind);
  if (!found) throw new AppError('LOGIN_INVALID');
  if (found.viaCookie && changesState(request) && isCrossSite(request, config.publicBaseUrl))
    throw new AppError('CROSS_SITE');
  const session = await resolveSession(db, kind, lookup, found.token, config.sessionIdleMs);
  if (!session) {
    if (found.viaCookie) reply.clearCookie(cookieName(kind), { path: '/' });
    throw new AppError('LOGIN_INVALID');
  }
  return { ...session, token: found.token, viaCookie: found.viaCookie };
}

/**
 * Session and role checks, marked so that guardsFirst can find them among a route's preHandlers. `user` and `staff`
 * authenticate; `role` checks the staff member's roles and runs after `staff`.
 */
type GuardKind = 'user' | 'staff' | 'role';
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
const guards = new WeakMap<Guard, GuardKind>();

export function markGuard<G extends Guard>(kind: GuardKind, guard: G): G {
  guards.set(guard, kind);
  return guard;
}

/**
 * preHandler hooks: `requireUser` for musicians' calls, `requireStaffSession` for the console's. Each module that
 * owns a kind of subject supplies the lookup that joins its row to the session. Routes list them as preHandlers;
 * guardsFirst moves them in front of everything else.
 */
export function authHooks(
  db: Db,
  config: Config,
  lookups: { user: SessionLookup<SubjectOf<'user'>>; staff: SessionLookup<SubjectOf<'staff'>> },
) {
  return {
    requireUser: markGuard('user', async (request: FastifyRequest, reply: FastifyReply) => {
      request.user = await authenticate(db, config, request, reply, 'user', lookups.user);
    }),
    requireStaffSession: markGuard('staff', async (request: FastifyRequest, reply: FastifyReply) => {
      request.staff = await authenticate(db, config, request, reply, 'staff', lookups.staff);
    }),
  };
}
export type AuthHooks = ReturnType<typeof authHooks>;

const SECURITY: Record<'user' | 'staff', Array<Record<string, string[]>>> = {
  user: [{ token: [] }],
  staff: [{ adminToken: [] }],
};

const asList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * The session and role checks run before anything else a route does: before its own onRequest hooks (the tus
 * version check), before the body is read and before it is validated. So an anonymous caller always gets 1000 and a
 * staff member without the role 2040, never a validation error naming the fields of a call they may not make.
 * Routes keep declaring their guards where they are (preHandler); this onRoute hook, added before any route,
 * moves them to the front of onRequest, and declares the session in the OpenAPI document (`security`) for every
 * route that needs one.
 */
export function guardsFirst(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const pre = asList(route.preHandler) as Guard[];
    const found = pre.filter((hook) => guards.has(hook));
    if (found.length === 0) return;
    route.preHandler = pre.filter((hook) => !guards.has(hook)) as RouteOptions['preHandler'];
    route.onRequest = [...found, ...(asList(route.onRequest) as Guard[])] as RouteOptions['onRequest'];
    const session = found.map((hook) => guards.get(hook)).find((kind) => kind === 'user' || kind === 'staff');
    if (session && route.schema && !route.schema.hide) {
      const schema = route.schema as { security?: unknown };
      schema.security ??= SECURITY[session];
    }
  });
}
