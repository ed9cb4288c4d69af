/**
 * The musician's work calls (logged in; API.publish.*, API.indexData). Reads answer GET with query parameters and
 * POST with a JSON body alike; everything that changes a work is a POST. Another user's work answers 404 / 2100
 * exactly like an unknown id, on every call.
 */
import { API } from '@trackline/contract/paths';
import {
  materialAddBody,
  materialRemoveBody,
  workBatchDeleteBody,
  workCreateBody,
  workIdBody,
  workInfoBody,
  workListBody,
  workScopeBody,
  workSignBody,
} from '@trackline/contract/works';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { bodyFromQuery } from '../../platform/http/body-from-query';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { removeDrafts } from './remove-drafts';
import { signWork } from './sign-work';
import * as manage from './work-management';
import * as reads from './work-reads';
import * as works from './works.service';

/** Step 1 carries the whole track list, lyrics included: up to 50 tracks of up to 20,000 characters. */
const SAVE_INFO_BODY_LIMIT = 4 * 1024 * 1024;

function musician(request: FastifyRequest): works.Musician {
  const u = request.user!.subject;
  // the letter names the signer: the verified real name when there is one
  return { id: u.id, agentId: u.agent_id, nickname: u.real_name || u.nickname, mobile: u.mobile };
}

export async function worksRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['works'];
  const security = [{ token: [] }];
  const preHandler = auth.requireUser;
  const userId = (request: FastifyRequest) => request.user!.subjectId;

  /** A read answered by GET (query) and POST (body, or query) alike. */
  function read<S extends z.ZodType>(
    path: string,
    summary: string,
    schema: S,
    run: (req: FastifyRequest, input: z.output<S>) => Promise<unknown>,
  ) {
    r.get(path, { schema: { tags, security, summary, querystring: schema }, preHandler }, async (request) =>
      ok(await run(request, request.query as z.output<S>)),
    );
    r.post(
      path,
      {
        schema: { tags, security, summary, body: schema },
        preValidation: bodyFromQuery,
        preHandler,
        config: { readOnly: true },
      },
      async (request) => ok(await run(request, request.body as z.output<S>)),
    );
  }

  /** A command on one work by id. */
  function command(path: string, summary: string, run: (req: FastifyRequest, id: number) => Promise<unknown>) {
    r.post(path, { schema: { tags, security, summary, body: workIdBody }, preHandler }, async (request) =>
      ok(await run(request, request.body.id), okText('SAVED', langOf(request))),
    );
  }

  r.post(
    API.publish.create,
    { schema: { tags, security, summary: 'Start a new work (a draft, status 00)', body: workCreateBody }, preHandler },
    async (request) => ok(await works.createWork(deps, musician(request), request.body.kind)),
  );

  r.post(
    API.publish.saveInfo,
    {
      schema: { tags, security, summary: 'Save step 1: information, tracks and files', body: workInfoBody },
      bodyLimit: SAVE_INFO_BODY_LIMIT,
      preHandler,
    },
    async (request) =>
      ok(await works.saveInfo(deps, musician(request), request.body), okText('SAVED', langOf(request))),
  );

  r.post(
    API.publish.removeBatch,
    {
      schema: {
        tags,
        security,
        summary: 'Delete several of my drafts at once (all or none)',
        body: workBatchDeleteBody,
      },
      preHandler,
    },
    async (request) => ok(await removeDrafts(deps, userId(request), request.body), okText('DELETED', langOf(request))),
  );

  r.post(
    API.publish.saveScope,
    {
      schema: { tags, security, summary: 'Save step 2: platforms, territories, release date', body: workScopeBody },
      preHandler,
    },
    async (request) => ok(await works.saveScope(deps, userId(request), request.body), okText('SAVED', langOf(request))),
  );

  r.post(
    API.publish.sign,
    {
      schema: { tags, security, summary: 'Step 3: sign the authorization letter and submit', body: workSignBody },
      preHandler,
    },
    async (request) =>
      ok(
        await signWork(deps, musician(request), request.body, request.ip, (msg) => request.log.warn(msg)),
        okText('WORK_SUBMITTED', langOf(request)),
      ),
  );

  read(API.publish.detail, 'One of my works, in full', workIdBody, (req, q) =>
    reads.myWorkDetail(deps, userId(req), q.id),
  );
  read(API.publish.history, "A work's status history", workIdBody, (req, q) =>
    reads.myWorkHistory(deps, userId(req), q.id),
  );
  read(API.publish.prereview, 'Pre-review: what an editor would reject', workIdBody, (req, q) =>
    reads.myPrereview(deps, userId(req), q.id),
  );
  read(API.publish.list, 'My works, most recently changed first', workListBody, (req, q) =>
    reads.myWorks(deps, userId(req), q),
  );

  r.get(
    API.publish.authorizationPdf,
    {
      schema: { tags, security, summary: 'The signed authorization letter (PDF)', querystring: workIdBody },
      preHandler,
    },
    async (request, reply) => {
      const { pdf, filename } = await reads.myAuthorizationPdf(deps, userId(request), request.query.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(pdf);
    },
  );

  command(API.publish.withdraw, 'Take a work back from review', (req, id) =>
    manage.withdrawWork(deps, userId(req), id),
  );
  command(API.publish.reopen, 'Reopen a rejected work for editing', (req, id) =>
    manage.reopenWork(deps, userId(req), id),
  );
  command(API.publish.startChange, 'Start a change to an online work', (req, id) =>
    manage.startChange(deps, userId(req), id),
  );
  command(API.publish.discardChange, 'Give up a change; the live version stays', (req, id) =>
    manage.discardChange(deps, userId(req), id),
  );
  r.post(
    API.publish.remove,
    {
      schema: { tags, security, summary: 'Delete a work not yet submitted, or rejected', body: workIdBody },
      preHandler,
    },
    async (request) => {
      await manage.removeWork(deps, userId(request), request.body.id);
      return ok(null, okText('DELETED', langOf(request)));
    },
  );

  r.post(
    API.publish.materialAdd,
    { schema: { tags, security, summary: 'Add or replace a material of a work', body: materialAddBody }, preHandler },
    async (request) =>
      ok(await manage.addMaterial(deps, userId(request), request.body), okText('SAVED', langOf(request))),
  );
  r.post(
    API.publish.materialRemove,
    { schema: { tags, security, summary: 'Remove a material of a work', body: materialRemoveBody }, preHandler },
    async (request) =>
      ok(
        await manage.removeMaterial(deps, userId(request), request.body.id, request.body.material_id),
        okText('SAVED', langOf(request)),
      ),
  );

  r.get(
    API.publish.platforms,
    { schema: { tags, security, summary: 'Platforms a work can be distributed to' }, preHandler },
    async (request) => ok(await reads.platformList(deps, langOf(request))),
  );
  r.get(
    API.publish.waitCount,
    { schema: { tags, security, summary: 'Counts for the menu badges' }, preHandler },
    async (request) => ok(await reads.waitCount(deps, userId(request))),
  );
  r.post(
    API.indexData,
    { schema: { tags, security, summary: 'The entry page: counts, drafts, rejected and recent works' }, preHandler },
    async (request) => ok(await reads.indexData(deps, userId(request))),
  );
}
