/**
 * The account centre's calls (issue 10), all for the logged-in musician and about their own account:
 * GET/POST /api/user/profile, POST /api/user/changemobile, GET /api/user/sessions, POST /api/user/sessions/revoke,
 * POST /api/user/sessions/revoke_others, GET /api/user/security_events, GET/POST /api/user/logoutaccount,
 * GET/POST /api/user/export. (POST /api/user/resetpwd stays in account.routes.ts.)
 */
import {
  changeMobileBody,
  logoutAccountBody,
  pageQuery,
  profileBody,
  revokeSessionBody,
} from '@trackline/contract/account-centre';
import { API } from '@trackline/contract/paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { cookieName } from '../../platform/http/auth';
import { langOf, ok } from '../../platform/http/envelope';
import { centreText } from './centre-texts';
import { exportOf, requestExport } from './data-export.service';
import { deletionCheck, requestDeletion } from './leaving.service';
import { profileOf, saveProfile } from './profile.service';
import { changeMobile, securityEvents, sessionsOf, signOutOthers, signOutSession } from './security.service';

function meta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''), lang: langOf(request) };
}

export async function centreRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account centre'];
  const preHandler = auth.requireUser;
  const paths = API.centre;
  const caller = (request: FastifyRequest) => ({
    userId: request.user!.subjectId,
    sessionId: request.user!.sessionId,
  });

  r.get(
    paths.profile,
    { schema: { tags, summary: 'The personal centre: who I am and what is left to do' }, preHandler },
    async (request) => ok(await profileOf(deps, request.user!.subjectId)),
  );
  r.post(
    paths.profile,
    {
      schema: { tags, summary: 'Save nickname, bio, artist names and (cropped square) avatar', body: profileBody },
      preHandler,
    },
    async (request) =>
      ok(
        await saveProfile(deps, request.user!.subjectId, request.body, meta(request)),
        centreText('SAVED', langOf(request)),
      ),
  );
  r.post(
    paths.changeMobile,
    {
      schema: { tags, summary: 'Change the mobile with codes to the old and the new number', body: changeMobileBody },
      preHandler,
    },
    async (request) => {
      await changeMobile(deps, request.user!.subjectId, request.body, meta(request));
      return ok(await profileOf(deps, request.user!.subjectId), centreText('MOBILE_CHANGED', langOf(request)));
    },
  );
  r.get(
    paths.sessions,
    { schema: { tags, summary: 'The signed-in sessions (devices)' }, preHandler },
    async (request) => ok({ list: await sessionsOf(deps, request.user!.subjectId, request.user!.sessionId) }),
  );
  r.post(
    paths.revokeSession,
    {
      schema: { tags, summary: 'Sign one other session out, everywhere at once', body: revokeSessionBody },
      preHandler,
    },
    async (request) => {
      await signOutSession(deps, caller(request), request.body.id, meta(request));
      return ok(null, centreText('SIGNED_OUT', langOf(request)));
    },
  );
  r.post(paths.revokeOthers, { schema: { tags, summary: 'Sign out everywhere else' }, preHandler }, async (request) => {
    await signOutOthers(deps, caller(request), meta(request));
    return ok(null, centreText('SIGNED_OUT_OTHERS', langOf(request)));
  });
  r.get(
    paths.securityEvents,
    { schema: { tags, summary: 'Recent sign-ins and security events', querystring: pageQuery }, preHandler },
    async (request) => ok(await securityEvents(deps, request.user!.subjectId, request.query.page)),
  );
  r.get(
    paths.logoutAccount,
    { schema: { tags, summary: 'May the account be deleted now (and why not), and a pending request' }, preHandler },
    async (request) => ok(await deletionCheck(deps, request.user!.subjectId)),
  );
  r.post(
    paths.logoutAccount,
    {
      schema: { tags, summary: 'Request deletion (SMS code; cooling-off, then erasure)', body: logoutAccountBody },
      preHandler,
    },
    async (request, reply) => {
      const deletion = await requestDeletion(deps, request.user!.subjectId, request.body.code, meta(request));
      reply.clearCookie(cookieName('user'), { path: '/' });
      return ok({ deletion }, centreText('DELETION_REQUESTED', langOf(request)));
    },
  );
  r.get(paths.dataExport, { schema: { tags, summary: 'The newest data export' }, preHandler }, async (request) =>
    ok({ export: await exportOf(deps, request.user!.subjectId) }),
  );
  r.post(paths.dataExport, { schema: { tags, summary: 'Build a data export (JSON)' }, preHandler }, async (request) =>
    ok(
      { export: await requestExport(deps, request.user!.subjectId, meta(request)) },
      centreText('EXPORT_STARTED', langOf(request)),
    ),
  );
}
