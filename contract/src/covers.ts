/**
 * The cover maker (issue 14): the design document and the calls' request schemas.
 *
 * A design is a document — a background and layers drawn bottom to top — that the server renders (the browser
 * preview is the server's own render at low resolution, so what is seen is what is exported). Coordinates are in
 * the 3000×3000 canvas whatever the export size. Text layers hold no free text: each shows one field of the work's
 * metadata (title, artist, label), so a cover can only say what the release says.
 */
import { z } from 'zod';

/** The canvas side, and the export's: the stores' minimum (iMusician, Kanjian). */
export const COVER_CANVAS = 3000;
/** Sides the preview may be rendered at. */
export const PREVIEW_SIDES = [300, 600, 900] as const;

export const COVER_FONTS = ['noto-sans-sc', 'noto-sans-sc-bold', 'noto-serif-sc', 'noto-serif-sc-bold'] as const;
export type CoverFont = (typeof COVER_FONTS)[number];

export const TEXT_EFFECTS = ['none', 'shadow', 'outline', 'glow'] as const;
export type TextEffectKind = (typeof TEXT_EFFECTS)[number];

export const TEXT_SOURCES = ['title', 'artist', 'label'] as const;
export type TextSource = (typeof TEXT_SOURCES)[number];

export const SHAPES = ['rect', 'ellipse', 'line'] as const;

export const BACKGROUND_CATEGORIES = ['gradient', 'pattern', 'texture'] as const;
export type BackgroundCategory = (typeof BACKGROUND_CATEGORIES)[number];

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const layerId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
/** Positions may lie a little off the canvas (a shape bleeding off an edge), never absurdly far. */
const pos = z
  .number()
  .finite()
  .min(-COVER_CANVAS)
  .max(2 * COVER_CANVAS);
const extent = z
  .number()
  .finite()
  .min(1)
  .max(2 * COVER_CANVAS);
const rotation = z.number().finite().min(-180).max(180).default(0);

export const textEffect = z.object({
  kind: z.enum(TEXT_EFFECTS),
  color: hex.default('#000000'),
  /** Blur radius (shadow, glow) or stroke width (outline), canvas pixels. */
  size: z.number().finite().min(0).max(120).default(12),
  /** Shadow offset, canvas pixels. */
  dx: z.number().finite().min(-120).max(120).default(0),
  dy: z.number().finite().min(-120).max(120).default(0),
  opacity: z.number().finite().min(0).max(1).default(0.6),
});
export type TextEffect = z.infer<typeof textEffect>;

export const textLayer = z.object({
  type: z.literal('text'),
  id: layerId,
  source: z.enum(TEXT_SOURCES),
  font: z.enum(COVER_FONTS),
  /** Font size in canvas pixels. */
  size: z.number().finite().min(40).max(1200),
  color: hex,
  effect: textEffect.default({ kind: 'none', color: '#000000', size: 12, dx: 0, dy: 0, opacity: 0.6 }),
  align: z.enum(['start', 'middle', 'end']).default('middle'),
  /** The anchor (per `align`) on the text's baseline. */
  x: pos,
  y: pos,
  rotation,
  letterSpacing: z.number().finite().min(-50).max(400).default(0),
});
export type TextLayer = z.infer<typeof textLayer>;

export const shapeLayer = z.object({
  type: z.literal('shape'),
  id: layerId,
  shape: z.enum(SHAPES),
  x: pos,
  y: pos,
  w: extent,
  h: extent,
  color: hex,
  opacity: z.number().finite().min(0).max(1).default(1),
  rotation,
});
export type ShapeLayer = z.infer<typeof shapeLayer>;

export const imageLayer = z.object({
  type: z.literal('image'),
  id: layerId,
  /** The musician's own uploaded photo (POST /api/common/upload), by its storage key. */
  key: z.string().min(1).max(300),
  /** The square taken from the photo, in the photo's own pixels. */
  crop: z.object({
    left: z.number().int().min(0),
    top: z.number().int().min(0),
    size: z.number().int().min(1),
  }),
  /** Where the square lands on the canvas and how large. */
  x: pos,
  y: pos,
  size: extent,
  rotation,
});
export type ImageLayer = z.infer<typeof imageLayer>;

export const coverLayer = z.discriminatedUnion('type', [textLayer, shapeLayer, imageLayer]);
export type CoverLayer = z.infer<typeof coverLayer>;

/** The words the text layers show; with a work, they must be the work's own (checked on export). */
export const coverMeta = z.object({
  title: z.string().trim().max(200).default(''),
  artist: z.string().trim().max(200).default(''),
  label: z.string().trim().max(200).default(''),
});
export type CoverMeta = z.infer<typeof coverMeta>;

export const coverDesign = z.object({
  version: z.literal(1),
  /** A background of the catalogue (bglist). */
  background: z.object({ id: z.number().int().positive() }),
  meta: coverMeta,
  /** Bottom to top. */
  layers: z.array(coverLayer).max(24),
  /** Which proposal layout it came from (provenance; the renderer ignores it). */
  layout: z.string().max(40).optional(),
});
export type CoverDesign = z.infer<typeof coverDesign>;

const workId = z.coerce.number().int().positive();

export const proposeBody = z.object({
  work_id: workId.optional(),
  title: z.string().trim().max(200).optional(),
  artist: z.string().trim().max(200).optional(),
  label: z.string().trim().max(200).optional(),
  genre: z.string().trim().max(40).optional(),
  /** Another round of proposals for the same work: a different but repeatable pick. */
  round: z.number().int().min(0).max(1000).default(0),
});
export type ProposeBody = z.infer<typeof proposeBody>;

export const previewBody = z.object({
  design: coverDesign,
  work_id: workId.optional(),
  side: z.union([z.literal(300), z.literal(600), z.literal(900)]).default(600),
});
export const exportBody = z.object({ design: coverDesign, work_id: workId.optional() });
export type ExportBody = z.infer<typeof exportBody>;
export const useBody = z.object({ key: z.string().min(1).max(300), work_id: workId });
export const designSaveBody = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().max(80).default(''),
  design: coverDesign,
  work_id: workId.optional(),
});
export const designQuery = z.object({ id: workId });

// ---- the console ----

const gradientSpec = z.object({
  kind: z.enum(['linear', 'radial']),
  colors: z.array(hex).min(2).max(4),
  /** Degrees, for linear gradients. */
  angle: z.number().finite().min(0).max(360).default(135),
});
const patternSpec = z.object({
  kind: z.enum(['stripes', 'dots', 'grid', 'waves', 'rings']),
  colors: z.array(hex).length(2),
  /** Repeat size in canvas pixels. */
  scale: z.number().finite().min(40).max(1000).default(200),
});
const textureSpec = z.object({
  kind: z.enum(['grain', 'clouds', 'paper']),
  colors: z.array(hex).length(2),
  /** Seeds the noise: the same spec, the same texture. */
  seed: z.number().int().min(0).max(9999).default(1),
});
export const backgroundSpec = z.discriminatedUnion('category', [
  z.object({ category: z.literal('gradient'), gradient: gradientSpec }),
  z.object({ category: z.literal('pattern'), pattern: patternSpec }),
  z.object({ category: z.literal('texture'), texture: textureSpec }),
]);
export type BackgroundSpec = z.infer<typeof backgroundSpec>;

export const backgroundAddBody = z.object({
  name_zh: z.string().trim().min(1).max(40),
  name_en: z.string().trim().min(1).max(40),
  spec: backgroundSpec,
});
export const backgroundRetireBody = z.object({ id: z.number().int().positive(), retired: z.boolean() });
