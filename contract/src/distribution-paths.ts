/** Delivery to stores (issue 13): the calls' paths (zod-free, so the API table stays light). */

export const DISTRIBUTION_PATHS = {
  /** GET ?id= — a row per store of the musician's work. */
  stores: '/api/distribution/stores',
  /** POST { id, platforms: 'all' | codes, confirm: true } */
  takedown: '/api/distribution/takedown',
  /** POST { id } — a taken-down work back to its stores (992 → 990). */
  restore: '/api/distribution/restore',
} as const;

export const DISTRIBUTION_ADMIN_PATHS = {
  /** GET — stores with their counts and failures by rule, recent batches, failed messages. */
  overview: '/api/admin/distribution/overview',
  /** GET ?work_id= — a work's messages to every store (an editor's view of the musician's rows). */
  work: '/api/admin/distribution/work',
  /** POST { work_id, platform_code, scope: full | metadata } */
  redeliver: '/api/admin/distribution/redeliver',
  /** POST { code, held, reason } */
  hold: '/api/admin/distribution/hold',
  /** GET ?id= — one batch (its row id) with its files: path in the batch folder, kind, size, SHA-256, state. */
  batch: '/api/admin/distribution/batch',
  /** GET ?work_id&platform_code — the last two messages and a line diff of their XML. */
  diff: '/api/admin/distribution/diff',
  /** GET ?id= — the exact XML of one message, as sent. */
  xml: '/api/admin/distribution/xml',
  /** GET ?work_id= — role admin: what a permanent removal of a taken-down work would send to each store. */
  purgePlan: '/api/admin/distribution/purge_plan',
  /** POST { work_id, confirm: true } — role admin: a PurgeReleaseMessage to each store of a 992 work that takes one. */
  purge: '/api/admin/distribution/purge',
  /** POST { id } — a store that confirms nothing: an editor records it live. */
  markLive: '/api/admin/distribution/mark_live',
} as const;
