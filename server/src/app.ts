/**
 * buildApp(deps): the HTTP application — plugins, then our platform hooks, then each module's routes.
 * main.ts and the tests build it the same way.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { findSessionUser } from './modules/account/account.repository';
import { accountRoutes } from './modules/account/account.routes';
import { centreRoutes } from './modules/account/centre.routes';
import { contentAdminRoutes } from './modules/content/content.admin-routes';
import { contentRoutes } from './modules/content/content.routes';
import { coversAdminRoutes } from './modules/covers/covers.admin-routes';
import { coversRoutes } from './modules/covers/covers.routes';
import { distributionAdminRoutes } from './modules/distribution/distribution.admin-routes';
import { distributionRoutes } from './modules/distribution/distribution.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { realnameAdminRoutes } from './modules/realname/realname.admin-routes';
import { realnameRoutes } from './modules/realname/realname.routes';
import { royaltiesAdminRoutes } from './modules/royalties/royalties.admin-routes';
import { royaltiesRoutes } from './modules/royalties/royalties.routes';
import { siteAdminRoutes } from './modules/site/site.admin-routes';
import { siteRoutes } from './modules/site/site.routes';
import { siteIndexPage } from './modules/site/site-page';
import { findSessionStaff } from './modules/staff/staff.repository';
import { staffRoutes } from './modules/staff/staff.routes';
import { fileAccessHooks } from './modules/storage/file-access';
import { storageAdminRoutes } from './modules/storage/storage.admin-routes';
import { storageRoutes } from './modules/storage/storage.routes';
import { supportRoutes } from './modules/support/support.routes';
import { workorderRoutes } from './modules/support/workorder.routes';
import { withdrawalsAdminRoutes } from './modules/withdrawals/withdrawals.admin-routes';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes';
import { reviewRoutes } from './modules/works/review.routes';
import { worksRoutes } from './modules/works/works.routes';
import type { Deps } from './platform/deps';
import { AppError } from './platform/http/app-error';
import { authHooks, guardsFirst } from './platform/http/auth';
import { clientErrorHandler, frameworkErrors } from './platform/http/client-errors';
import { registerDraining } from './platform/http/draining';
import { failure, langOf, ok } from './platform/http/envelope';
import { registerErrorHandling } from './platform/http/errors-plugin';
import { registerIdempotency } from './platform/http/idempotency';
import { nulRefusingValidatorCompiler } from './platform/http/nul-refusal';
import { registerOpenApi } from './platform/http/openapi';
import { PAGE_CSP, registerSecurityHeaders, STORED_FILE_CSP } from './platform/http/security-headers';

export const BODY_LIMIT = 1024 * 1024;

const FILE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  lrc: 'text/plain; charset=utf-8',
  wav: 'audio/wav',
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

/**
 * Stored files at /files/<key>: straight from disk, or read from S3-compatible storage. Served with a CSP that
 * allows no script, so a file can never act as a page of ours. The routes set it themselves: a hook testing the path
 * missed spellings the router still matches (`/%66iles/<key>`). Private files (users' own) only with a signed link:
 * the check is a hook of these routes (file-access.ts), in a scope of their own.
 */
async function registerFiles(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    const access = fileAccessHooks(deps);
    scope.addHook('onRequest', access.onRequest);
    scope.addHook('onSend', access.onSend);
    await registerFileRoutes(scope, deps);
  });
}

async function registerFileRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  if (!deps.config.s3) {
    await app.register(fastifyStatic, {
      root: deps.config.filesDir,
      prefix: '/files/',
      decorateReply: false,
      index: false,
      maxAge: '1d',
      setHeaders: (res) => res.setHeader('content-security-policy', STORED_FILE_CSP),
    });
    return;
  }
  app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    let size: number | null = null;
    try {
      size = (await deps.storage.stat(key))?.size ?? null;
    } catch (err) {
      if ((err as Error).message.startsWith('unsafe storage key')) throw new AppError('NOT_FOUND');
      throw err;
    }
    if (size === null) throw new AppError('NOT_FOUND');
    // Streamed, never buffered (audio and video run to gigabytes), with one byte range for players that seek.
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
    let part: { start: number; end: number } | undefined;
    if (range && (range[1] || range[2]) && size > 0) {
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start > end || start >= size) return reply.status(416).header('content-range', `bytes */${size}`).send();
      part = { start, end };
    }
    const body = await deps.storage.read(key, part);
    if (!body) throw new AppError('NOT_FOUND');
    const ext = key.split('.').pop()?.toLowerCase() ?? '';
    if (part) reply.status(206).header('content-range', `bytes ${part.start}-${part.end}/${size}`);
    return reply
      .header('content-security-policy', STORED_FILE_CSP)
      .header('content-type', FILE_TYPES[ext] ?? 'application/octet-stream')
      .header('content-length', String(part ? part.end - part.start + 1 : size))
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'public, max-age=86400')
      .send(body);
  });
}

export async function buildApp(deps: Deps, options: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? {
      level: deps.config.logLevel,
      redact: ['req.headers.token', 'req.headers["admin-token"]', 'req.headers.cookie', 'req.headers.authorization'],
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler,
    frameworkErrors,
    // Requests after close() begins go through the draining hook (503 in the envelope), not Fastify's bare 503.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(nulRefusingValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // First, before any plugin or route: every answer, whichever plugin sends it, passes these hooks.
  registerSecurityHeaders(app, deps.config);
  registerDraining(app);

  // Before any route (and before the OpenAPI plugin reads them): session and role checks go first on every route.
  guardsFirst(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10 } });
  await registerOpenApi(app);

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-request-id', request.id);
    // Calls are never cached; a route that answers an image for caching (cover thumbnails) says so itself.
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  registerIdempotency(app, deps.database.db);

  const auth = authHooks(deps.database.db, deps.config, { user: findSessionUser, staff: findSessionStaff });

  app.get('/api/health', { schema: { tags: ['platform'], summary: 'Database ping' } }, async () => {
    if (!(await deps.database.ping())) throw new AppError('UNAVAILABLE');
    return ok({ status: 'up', database: 'up' });
  });
  // A route that does nothing: the baseline that bench/api measures real routes against.
  app.get('/api/ping', { schema: { tags: ['platform'], summary: 'Liveness (no database)' } }, async () => ok(null));

  await accountRoutes(app, deps, auth);
  await centreRoutes(app, deps, auth);
  await siteRoutes(app, deps);
  await messagesRoutes(app, deps, auth);
  await staffRoutes(app, deps, auth);
  await siteAdminRoutes(app, deps, auth);
  await storageAdminRoutes(app, deps, auth);
  await contentRoutes(app, deps);
  await contentAdminRoutes(app, deps, auth);
  await supportRoutes(app, deps, auth);
  await storageRoutes(app, deps, auth);
  await workorderRoutes(app, deps, auth);
  await worksRoutes(app, deps, auth);
  await reviewRoutes(app, deps, auth);
  await distributionRoutes(app, deps, auth);
  await distributionAdminRoutes(app, deps, auth);
  await coversRoutes(app, deps, auth);
  await coversAdminRoutes(app, deps, auth);
  await withdrawalsRoutes(app, deps, auth);
  await withdrawalsAdminRoutes(app, deps, auth);
  await royaltiesRoutes(app, deps, auth);
  await royaltiesAdminRoutes(app, deps, auth);
  await realnameRoutes(app, deps, auth);
  await realnameAdminRoutes(app, deps, auth);

  await registerFiles(app, deps);

  const indexHtml = path.join(deps.config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  const indexPage = siteIndexPage(deps, indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: deps.config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // web/scripts/precompress.mjs writes .br and .gz beside each asset; they go to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/files/');
    if (hasWeb && wantsPage) {
      // Any route of the single-page app: the app itself decides what to show (including its own not-found page).
      // The site's configuration comes inside the page (modules/site/site-page.ts).
      const html = await indexPage(request.hostname, (error) =>
        request.log.warn({ err: error }, 'index.html without the site configuration'),
      );
      return reply
        .header('content-security-policy', PAGE_CSP)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    }
    return reply.status(404).send(failure('NOT_FOUND', langOf(request)));
  });

  return app;
}
