/**
 * The staff content console's calls (role content; admins too): for each kind of content,
 * GET  /api/admin/content/<kind>_list   ?page&limit&status&lang&agent_id&category_id&type&platform&keyword
 * GET  /api/admin/content/<kind>_info   ?id          every language row of one item
 * POST /api/admin/content/<kind>_save   { id?, agent_id, status, publish_at?, ...fields, texts: { zh-CN, en? } }
 * POST /api/admin/content/<kind>_delete { id }
 * and the sites (with their download settings): GET /api/admin/content/sites, POST .../download_save.
 */
import {
  contentDeleteBody,
  contentIdQuery,
  contentListQuery,
  downloadSaveBody,
  helpArticleSaveBody,
  helpCategorySaveBody,
  hotPlanSaveBody,
  newsCategorySaveBody,
  newsSaveBody,
  questionCategorySaveBody,
  questionSaveBody,
  versionSaveBody,
} from '@trackline/contract/content-admin';
import { CONTENT_KINDS, type ContentKind } from '@trackline/contract/content-admin-types';
import { API } from '@trackline/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { requireRole } from '../staff/staff.service';
import { deleteItem, itemDetail, listItems, saveItem } from './content.admin-service';
import { contentSites, saveDownloadSettings } from './content.download-settings';

const SAVE_BODIES = {
  news: newsSaveBody,
  news_category: newsCategorySaveBody,
  help_category: helpCategorySaveBody,
  help_article: helpArticleSaveBody,
  question_category: questionCategorySaveBody,
  question: questionSaveBody,
  hot_plan: hotPlanSaveBody,
  version: versionSaveBody,
} as const satisfies Record<ContentKind, unknown>;

export async function contentAdminRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'content'];
  const security = [{ adminToken: [] }];
  const preHandler = [auth.requireStaffSession, requireRole('content')];

  for (const kind of CONTENT_KINDS) {
    const paths = API.admin.content[kind];
    r.get(
      paths.list,
      { schema: { tags, security, summary: `${kind}: list`, querystring: contentListQuery }, preHandler },
      async (request) => ok(await listItems(deps, kind, request.query)),
    );
    r.get(
      paths.info,
      {
        schema: { tags, security, summary: `${kind}: every language of one`, querystring: contentIdQuery },
        preHandler,
      },
      async (request) => ok(await itemDetail(deps, kind, request.query.id)),
    );
    r.post(
      paths.save,
      { schema: { tags, security, summary: `${kind}: create or update`, body: SAVE_BODIES[kind] }, preHandler },
      async (request) => ok(await saveItem(deps, kind, request.body), okText('SAVED', langOf(request))),
    );
    r.post(
      paths.delete,
      { schema: { tags, security, summary: `${kind}: delete`, body: contentDeleteBody }, preHandler },
      async (request) => {
        await deleteItem(deps, kind, request.body.id);
        return ok(null, okText('DELETED', langOf(request)));
      },
    );
  }

  r.get(
    API.admin.content.sites,
    { schema: { tags, security, summary: 'Sites content can belong to, with their download settings' }, preHandler },
    async () => ok({ list: await contentSites(deps) }),
  );

  r.post(
    API.admin.content.downloadSave,
    {
      schema: { tags, security, summary: "One site's download links and QR images", body: downloadSaveBody },
      preHandler,
    },
    async (request) => ok(await saveDownloadSettings(deps, request.body), okText('SAVED', langOf(request))),
  );
}
