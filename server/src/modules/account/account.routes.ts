/** The account calls of spec §7: captcha, SMS codes, register, login, user info, logout, password reset. */
import { loginBody, registerBody, smsSendQuery, type UserInfo } from '@trackline/contract/account';
import { resetPwdAnyBody } from '@trackline/contract/account-centre';
import { API } from '@trackline/contract/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import type { AuthHooks } from '../../platform/http/auth';
import { cookieName, cookieOptions, fromWebPage, readToken, refuseCrossSite } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { createCaptcha } from '../../platform/security/captcha';
import * as account from './account.service';
import { centreText } from './centre-texts';
import { changePassword } from './security.service';

function meta(request: FastifyRequest): account.RequestMeta {
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    hostname: request.hostname,
    lang: langOf(request),
  };
}

export async function accountRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  // The session goes out as the HttpOnly cookie; in the body too only for API clients, never to a web page's script.
  const startSession = (request: FastifyRequest, reply: FastifyReply, token: string, userinfo: UserInfo) => {
    reply.setCookie(cookieName('user'), token, cookieOptions(deps.config, request));
    return fromWebPage(request) ? { ...userinfo, token: '' } : userinfo;
  };
  const sameSiteOnly = refuseCrossSite(deps.config);
  // Calls open to visitors that do more for a logged-in caller: the session when there is a live one, else none.
  const sessionIfAny = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!readToken(request, 'user')) return;
    try {
      await auth.requireUser(request, reply);
    } catch {
      request.user = undefined;
    }
  };

  r.get(API.captcha, { schema: { tags, summary: 'A single-use picture code' } }, async () =>
    ok(await createCaptcha(deps.database.db, deps.secret)),
  );

  r.get(
    API.smsSend,
    { schema: { tags, summary: 'Send an SMS code', querystring: smsSendQuery }, onRequest: sessionIfAny },
    async (request) => {
      await account.sendSms(deps, request.query, meta(request), request.user?.subject.mobile);
      return ok(null, okText('SMS_SENT', langOf(request)));
    },
  );

  r.post(
    API.register,
    { schema: { tags, summary: 'Register with an SMS code', body: registerBody }, onRequest: sameSiteOnly },
    async (request, reply) => {
      const { token, userinfo } = await account.register(deps, request.body, meta(request));
      return ok({ userinfo: startSession(request, reply, token, userinfo) }, okText('REGISTERED', langOf(request)));
    },
  );

  r.post(
    API.login,
    { schema: { tags, summary: 'Log in by password or SMS code', body: loginBody }, onRequest: sameSiteOnly },
    async (request, reply) => {
      const { token, userinfo, deletionCancelled } = await account.login(deps, request.body, meta(request));
      // deletion_cancelled: this login ended a pending account deletion (its cooling-off), which the page says.
      return ok(
        { userinfo: startSession(request, reply, token, userinfo), deletion_cancelled: deletionCancelled },
        okText('LOGGED_IN', langOf(request)),
      );
    },
  );

  r.get(
    API.userInfo,
    { schema: { tags, summary: 'The session user' }, preHandler: auth.requireUser },
    async (request) => {
      const caller = request.user!;
      // Spec §3 keeps `token` in the session user: the caller's own for an API client that sent it in the header,
      // empty for a cookie-authenticated page, whose script must never see it.
      return ok({ userinfo: await account.currentUser(deps, caller.subject, caller.viaCookie ? '' : caller.token) });
    },
  );

  r.get(
    API.logout,
    { schema: { tags, summary: 'Revoke this session' }, preHandler: auth.requireUser, config: { stateChanging: true } },
    async (request, reply) => {
      await account.logout(deps, request.user!.sessionId);
      reply.clearCookie(cookieName('user'), { path: '/' });
      return ok(null, okText('LOGGED_OUT', langOf(request)));
    },
  );

  r.post(
    API.resetPwd,
    {
      schema: {
        tags,
        summary:
          "Set a new password: mobile + SMS code (forgotten password), or, logged in, the old password or an SMS code to one's own mobile",
        body: resetPwdAnyBody,
      },
      onRequest: sessionIfAny,
    },
    async (request) => {
      const body = request.body;
      if ('mobile' in body) {
        await account.resetPassword(deps, body, meta(request));
        return ok(null, okText('PASSWORD_RESET', langOf(request)));
      }
      // Without a mobile the caller proves who they are by their session.
      const user = request.user;
      if (!user) throw new AppError('LOGIN_INVALID');
      const proof = 'oldpassword' in body ? { oldpassword: body.oldpassword } : { code: body.code };
      await changePassword(
        deps,
        { userId: user.subjectId, sessionId: user.sessionId },
        proof,
        body.newpassword,
        meta(request),
      );
      return ok(null, centreText('PASSWORD_CHANGED', langOf(request)));
    },
  );
}
