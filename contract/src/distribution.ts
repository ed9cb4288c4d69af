/** Delivery to stores (issue 13): request schemas. Paths: distribution-paths.ts; answers: distribution-types.ts. */
import { z } from 'zod';

const id = z.coerce.number().int().positive();
const storeCode = z.string().regex(/^[a-z0-9_]{2,40}$/);

export const storesQuery = z.object({ id });

export const takedownBody = z.object({
  id,
  platforms: z.union([z.literal('all'), z.array(storeCode).min(1).max(50)]),
  /** The musician confirmed in a dialog: a takedown is never sent by accident. */
  confirm: z.literal(true),
});
export type TakedownBody = z.infer<typeof takedownBody>;

export const restoreBody = z.object({ id });

export const workStoresQuery = z.object({ work_id: id });
export const redeliverBody = z.object({ work_id: id, platform_code: storeCode, scope: z.enum(['full', 'metadata']) });
export const holdBody = z.object({
  code: storeCode,
  held: z.boolean(),
  reason: z.string().trim().max(200).default(''),
});
export const diffQuery = z.object({ work_id: id, platform_code: storeCode });
export const messageIdQuery = z.object({ id });
export const batchQuery = z.object({ id });
export const purgeBody = z.object({
  work_id: id,
  /** The admin confirmed in a dialog naming the work and the stores: a purge is never sent by accident. */
  confirm: z.literal(true),
});
