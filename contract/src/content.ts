/** The request schemas of the content calls; the shapes and constants they use are in content-types.ts. */
import { z } from 'zod';
import { PAGE_LIMIT_MAX, PROBLEM_CONTENT_MAX, SOFT_PLATFORMS } from './content-types';

const page = z.coerce.number().int().min(1).max(10_000).default(1);

const limit = z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(10);

const id = z.coerce.number().int().positive();

export const newsListBody = z.object({ page, limit, category: id.optional() });

export type NewsListBody = z.infer<typeof newsListBody>;

export const newsInfoBody = z.object({ id });

export const anchorConfigBody = z.object({ type: z.coerce.number().int().min(1).max(2).optional() });

export const helpInfoBody = z.object({
  id,
  type: z.coerce.number().int().min(1).max(2).optional(),
  tid: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

/** The help centre's one search (documents, news, questions); each group answers up to `limit` hits. */
export const contentSearchBody = z.object({
  keyword: z.string().trim().min(1).max(50),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

export const questionListBody = z.object({
  page,
  limit,
  keyword: z.string().trim().max(50).optional(),
  category: id.optional(),
});

export const hotPlanListBody = z.object({ page, limit });

export const hotPlanInfoBody = z.object({ id });

export const versionListBody = z.object({ platform: z.enum(SOFT_PLATFORMS).optional() });

export const problemBody = z.object({
  type: z.coerce.number().int().min(1).max(9),
  content: z.string().trim().min(5).max(PROBLEM_CONTENT_MAX),
  mobile: z.string().trim().max(20).optional(),
});

export type ProblemBody = z.infer<typeof problemBody>;
