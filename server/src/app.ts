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
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { findSessionUser } from './modules/account/account.repository';
import { accountRoutes } from './modules/account/account.routes';
import { contentRoutes } from './modules/content/content.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { siteAdminRoutes } from './modules/site/site.admin-routes';
import { siteRoutes } from './modules/site/site.routes';
import { findSessionStaff } from './modules/staff/staff.repository';
import { staffRoutes } from './modules/staff/staff.routes';
import { storageAdminRoutes } from './modules/storage/storage.admin-routes';
import { supportRoutes } from './modules/support/support.routes';
import type { Deps } from './platform/deps';
import { AppError } from './platform/http/app-error';
import { authHooks } from './platform/http/auth';
import { failure, langOf, ok } from './platform/http/envelope';
import { registerErrorHandling } from './platform/http/errors-plugin';
import { registerOpenApi } from './platform/http/openapi';

export const BODY_LIMIT = 1024 * 1024;

const SPA_CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob: https: http:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

const FILE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/**
 * Stored files at /files/<key>: straight from disk, or read from S3-compatible storage. Served with a CSP that
 * allows no script, so a file can never act as a page of ours.
 */
async function registerFiles(app: FastifyInstance, deps: Deps): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/files/'))
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return payload;
  });
  if (!deps.config.s3) {
    await app.register(fastifyStatic, {
      root: deps.config.filesDir,
      prefix: '/files/',
      decorateReply: false,
      index: false,
      maxAge: '1d',
    });
    return;
  }
  app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    let body: Buffer | null = null;
    try {
      body = await deps.storage.get(key);
    } catch (err) {
      if ((err as Error).message.startsWith('unsafe storage key')) throw new AppError('NOT_FOUND');
      throw err;
    }
    if (!body) throw new AppError('NOT_FOUND');
    const ext = key.split('.').pop()?.toLowerCase() ?? '';
    return reply
      .header('content-type', FILE_TYPES[ext] ?? 'application/octet-stream')
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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10 } });
  await registerOpenApi(app);

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  const auth = authHooks(deps.database.db, deps.config, { user: findSessionUser, staff: findSessionStaff });

  app.get('/api/health', { schema: { tags: ['platform'], summary: 'Database ping' } }, async () => {
    if (!(await deps.database.ping())) throw new AppError('UNAVAILABLE');
    return ok({ status: 'up', database: 'up' });
  });
  // A route that does nothing: the baseline that bench/api measures real routes against.
  app.get('/api/ping', { schema: { tags: ['platform'], summary: 'Liveness (no database)' } }, async () => ok(null));

  await accountRoutes(app, deps, auth);
  await siteRoutes(app, deps);
  await messagesRoutes(app, deps, auth);
  await staffRoutes(app, deps, auth);
  await siteAdminRoutes(app, deps, auth);
  await storageAdminRoutes(app, deps, auth);
  await contentRoutes(app, deps);
  await supportRoutes(app, deps, auth);

  await registerFiles(app, deps);

  const indexHtml = path.join(deps.config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
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

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/files/');
    if (hasWeb && wantsPage) {
      // Any route of the single-page app: the app itself decides what to show (including its own not-found page).
      return reply
        .header('content-security-policy', SPA_CSP)
        .header('cache-control', 'no-cache')
        .sendFile('index.html', deps.config.webDist);
    }
    return reply.status(404).send(failure('NOT_FOUND', langOf(request)));
  });

  return app;
}
