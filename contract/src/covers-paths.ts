/** The cover maker (issue 14): the calls' paths (zod-free, so the API table stays light). */

export const COVERS_PATHS = {
  /** GET (spec §7) — the backgrounds by category, with thumbnails. */
  bglist: '/api/ai.cover/bglist',
  /** GET (spec §7) — the text effects (shadow, outline, glow, none) and their parameters. */
  shadow: '/api/ai.cover/shadow',
  /** GET — the fonts the project ships (family, weight, licence). */
  fonts: '/api/ai.cover/fonts',
  /** GET /api/ai.cover/thumb/<id>.jpg — a background's thumbnail (public, cacheable). */
  thumb: '/api/ai.cover/thumb',
  /** POST { work_id?, title?, artist?, label?, genre? } — several distinct designs at once. */
  propose: '/api/ai.cover/propose',
  /** POST { design, work_id? } — the server's low-resolution render as a data URL: what the export will be. */
  preview: '/api/ai.cover/preview',
  /** POST { design, work_id? } — render at 3000×3000, check, store; refused naming every rule broken. */
  export: '/api/ai.cover/export',
  /** POST { key, work_id } — an exported cover becomes the work's cover (the step 1 checks again). */
  use: '/api/ai.cover/use',
  /** POST { id?, design, work_id? } — keep a design document; GET ?id= reopens one; GET list. */
  designSave: '/api/ai.cover/design_save',
  design: '/api/ai.cover/design',
  designs: '/api/ai.cover/designs',
} as const;

export const COVERS_ADMIN_PATHS = {
  /** GET — every background, retired ones included. */
  backgrounds: '/api/admin/covers/backgrounds',
  /** POST { category, name_zh, name_en, spec } */
  add: '/api/admin/covers/background_add',
  /** POST { id, retired } */
  retire: '/api/admin/covers/background_retire',
} as const;
