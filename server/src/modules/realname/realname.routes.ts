/**
 * Real names (spec §7 /api/realidcation/*): save an adult's details, the provider's page (verifyurl), the minor's
 * supplement (sendnonage), the state (info), the provider's signed callback, the development provider's decision,
 * the enterprise's details; /api/user/register_children registers a minor. The console's verification queue is
 * realname.admin-routes.ts.
 */
import { API } from '@trackline/contract/paths';
import {
  callbackBody,
  devDecideBody,
  enterpriseSaveBody,
  realnameSaveBody,
  registerChildrenBody,
  sendNonageBody,
} from '@trackline/contract/realname';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { cookieName, cookieOptions, fromWebPage, refuseCrossSite } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { saveEnterprise } from './enterprise';
import { registerChildren, sendNonage } from './minors';
import { devDecide, info, receiveCallback, saveAdult, verifyUrl } from './realname.service';

const P = API.realname;

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export async function realnameRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['realname'];
  const security = [{ token: [] }];
  const providerLog = (request: FastifyRequest) => (entry: Record<string, unknown>) => request.log.info(entry);

  r.post(
    P.save,
    {
      schema: { tags, security, summary: "Save an adult's legal name and ID number", body: realnameSaveBody },
      preHandler: auth.requireUser,
    },
    async (request) => ok(await saveAdult(deps, request.user!.subjectId, request.body)),
  );

  r.get(
    P.verifyUrl,
    {
      schema: { tags, security, summary: "The verification provider's page for the saved details" },
      preHandler: auth.requireUser,
      config: { stateChanging: true },
    },
    async (request) => ok(await verifyUrl(deps, request.user!.subjectId, origin(request), providerLog(request))),
  );

  r.post(
    P.sendNonage,
    {
      schema: {
        tags,
        security,
        summary: "A minor's information supplement with the guardian's consent; answers the guardian's page",
        body: sendNonageBody,
      },
      preHandler: auth.requireUser,
    },
    async (request) =>
      ok(
        await sendNonage(deps, request.user!.subjectId, request.body, {
          ip: request.ip,
          origin: origin(request),
          log: providerLog(request),
          warn: (msg) => request.log.warn(msg),
        }),
      ),
  );

  r.get(
    P.info,
    { schema: { tags, security, summary: 'Real-name state and masked details' }, preHandler: auth.requireUser },
    async (request) => ok(await info(deps, request.user!.subjectId)),
  );

  r.post(
    P.callback,
    { schema: { tags, summary: "The verification provider's signed result", body: callbackBody } },
    async (request) => ok(await receiveCallback(deps, request.body)),
  );

  r.post(
    P.devDecide,
    {
      schema: { tags, security, summary: 'Development provider: pass or fail an attempt', body: devDecideBody },
      preHandler: auth.requireUser,
    },
    async (request) => ok(await devDecide(deps, request.user!.subjectId, request.body)),
  );

  r.post(
    P.enterpriseSave,
    {
      schema: { tags, security, summary: "An enterprise's company details and licence", body: enterpriseSaveBody },
      preHandler: auth.requireUser,
    },
    async (request) => ok(await saveEnterprise(deps, request.user!.subjectId, request.body)),
  );

  r.post(
    P.registerChildren,
    {
      schema: { tags, summary: "Register a minor with the guardian's mobile", body: registerChildrenBody },
      onRequest: refuseCrossSite(deps.config),
    },
    async (request, reply) => {
      const { token, userinfo } = await registerChildren(deps, request.body, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
        hostname: request.hostname,
        lang: langOf(request),
      });
      reply.setCookie(cookieName('user'), token, cookieOptions(deps.config, request));
      const body = fromWebPage(request) ? { ...userinfo, token: '' } : userinfo;
      return ok({ userinfo: body }, okText('REGISTERED', langOf(request)));
    },
  );
}
