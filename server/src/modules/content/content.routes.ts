/**
 * The public content calls (spec §7): POST with a JSON body, no login. The site comes from the request's host and
 * the language from Accept-Language. A body may be left out (every field has a default or is optional), and its
 * fields may also come as query parameters; the body wins where both are given.
 */
import {
  anchorConfigBody,
  contentSearchBody,
  helpInfoBody,
  hotPlanInfoBody,
  hotPlanListBody,
  newsInfoBody,
  newsListBody,
  questionListBody,
  versionListBody,
} from '@trackline/contract/content';
import { API } from '@trackline/contract/paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import { bodyFromQuery } from '../../platform/http/body-from-query';
import { langOf, ok } from '../../platform/http/envelope';
import { searchContent } from './content.search-service';
import * as content from './content.service';

export async function contentRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];
  const scope = (request: FastifyRequest) => content.scopeOf(deps, request.hostname, langOf(request));
  // Reads in the spec's POST form: an Idempotency-Key on them is ignored (platform/http/idempotency.ts).
  const options = <B>(body: B, summary: string) => ({
    schema: { tags, summary, body },
    preValidation: bodyFromQuery,
    config: { readOnly: true },
  });

  r.post(API.news, options(newsListBody, 'News list with categories'), async (request) =>
    ok(await content.newsList(deps, await scope(request), request.body)),
  );

  r.post(API.newsInfo, options(newsInfoBody, 'One news article with its neighbours'), async (request) =>
    ok(await content.newsInfo(deps, await scope(request), request.body.id)),
  );

  r.post(API.anchorConfig, options(anchorConfigBody, 'Help centre categories and anchors'), async (request) =>
    ok(await content.anchorConfig(deps, await scope(request), request.body.type)),
  );

  r.post(API.helpInfo, options(helpInfoBody, 'One help article by id, type and tid'), async (request) =>
    ok(await content.helpInfo(deps, await scope(request), request.body)),
  );

  r.post(API.questions, options(questionListBody, 'Questions and answers, searchable'), async (request) =>
    ok(await content.questions(deps, await scope(request), request.body)),
  );

  r.post(
    API.contentSearch,
    options(contentSearchBody, 'Help centre search: documents, news, questions'),
    async (request) => ok(await searchContent(deps, await scope(request), request.body)),
  );

  r.post(API.hotPlans, options(hotPlanListBody, 'Hot plans'), async (request) =>
    ok(await content.hotPlans(deps, await scope(request), request.body)),
  );

  r.post(API.hotPlanInfo, options(hotPlanInfoBody, 'One hot plan with its terms'), async (request) =>
    ok(await content.hotPlanInfo(deps, await scope(request), request.body.id)),
  );

  r.post(API.downloadConfig, { schema: { tags, summary: 'App download links of the site' } }, async (request) =>
    ok(await content.downloadConfig(deps, await scope(request))),
  );

  r.post(API.versions, options(versionListBody, 'Software versions, newest first'), async (request) =>
    ok(await content.versions(deps, await scope(request), request.body.platform)),
  );
}
