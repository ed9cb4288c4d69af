/**
 * The cover maker's calls (logged in, spec §7 for the first two): GET /api/ai.cover/bglist, GET /api/ai.cover/shadow,
 * GET /api/ai.cover/fonts, POST propose / preview / export / use, design_save, GET design and designs. Background
 * thumbnails (GET /api/ai.cover/thumb/<id>.jpg) are public images, cached by browsers (the URL carries the spec's
 * hash, so a changed background gets a new URL).
 */
import { designQuery, designSaveBody, exportBody, previewBody, proposeBody, useBody } from '@trackline/contract/covers';
import { API } from '@trackline/contract/paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import type { AuthHooks } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import * as covers from './covers.service';
import { fontList } from './fonts';

const thumbParams = z.object({ file: z.string() });

export async function coversRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['covers'];
  const security = [{ token: [] }];
  const preHandler = auth.requireUser;
  const paths = API.covers;
  const userId = (request: FastifyRequest) => request.user!.subjectId;

  r.get(
    paths.bglist,
    { schema: { tags, security, summary: 'Cover backgrounds by category' }, preHandler },
    async (request) => ok(await covers.bgList(deps, langOf(request))),
  );
  r.get(
    paths.shadow,
    { schema: { tags, security, summary: 'Text effects and their parameters' }, preHandler },
    async (request) => ok(covers.shadowList(langOf(request))),
  );
  r.get(paths.fonts, { schema: { tags, security, summary: 'The fonts covers are set in' }, preHandler }, async () =>
    ok(fontList()),
  );
  r.get(
    `${paths.thumb}/:file`,
    { schema: { tags, summary: "A background's thumbnail (JPEG)", params: thumbParams } },
    async (request, reply) => {
      const m = /^(\d{1,9})\.jpg$/.exec(request.params.file);
      if (!m) throw new AppError('NOT_FOUND');
      const jpeg = await covers.backgroundThumbnail(deps, Number(m[1]));
      return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(jpeg);
    },
  );
  r.post(
    paths.propose,
    { schema: { tags, security, summary: 'Several distinct cover designs at once', body: proposeBody }, preHandler },
    async (request) => ok(await covers.proposals(deps, userId(request), request.body)),
  );
  r.post(
    paths.preview,
    {
      schema: { tags, security, summary: "The server's low-resolution render of a design", body: previewBody },
      preHandler,
    },
    async (request) => ok(await covers.preview(deps, userId(request), request.body)),
  );
  r.post(
    paths.export,
    { schema: { tags, security, summary: 'Render a design at 3000×3000 and check it', body: exportBody }, preHandler },
    async (request) => ok(await covers.exportCover(deps, userId(request), request.body)),
  );
  r.post(
    paths.use,
    { schema: { tags, security, summary: "Make an exported cover the work's cover", body: useBody }, preHandler },
    async (request) =>
      ok(await covers.useAsCover(deps, userId(request), request.body), okText('SAVED', langOf(request))),
  );
  r.post(
    paths.designSave,
    { schema: { tags, security, summary: 'Keep a design document', body: designSaveBody }, preHandler },
    async (request) =>
      ok(await covers.saveDesign(deps, userId(request), request.body), okText('SAVED', langOf(request))),
  );
  r.get(
    paths.design,
    { schema: { tags, security, summary: 'Reopen a design document', querystring: designQuery }, preHandler },
    async (request) => ok(await covers.openDesign(deps, userId(request), request.query.id)),
  );
  r.get(paths.designs, { schema: { tags, security, summary: 'My design documents' }, preHandler }, async (request) =>
    ok(await covers.myDesigns(deps, userId(request))),
  );
}
