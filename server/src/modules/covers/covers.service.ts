/**
 * The cover maker's rules: the catalogue (bglist, shadow, fonts), proposals, preview, export with its checks, "use
 * as cover", and saved designs. Renders go through one slot queue (render-queue.ts).
 */
import { createHash } from 'node:crypto';
import {
  BACKGROUND_CATEGORIES,
  type BackgroundCategory,
  type BackgroundSpec,
  backgroundSpec,
  type CoverDesign,
  type CoverMeta,
  coverDesign,
  type ExportBody,
  type ProposeBody,
  TEXT_EFFECTS,
  type TextEffectKind,
} from '@trackline/contract/covers';
import type {
  BgList,
  CoverBackground,
  CoverExport,
  CoverIssue,
  CoverPreview,
  Proposals,
  SavedDesign,
  ShadowList,
} from '@trackline/contract/covers-types';
import type { Lang } from '@trackline/contract/errors';
import { API } from '@trackline/contract/paths';
import { ruleText } from '@trackline/contract/rule-texts';
import type { RuleIssue } from '@trackline/contract/works-types';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { analyzeCover } from '../media/image';
import { isRefusal } from '../media/refusal';
import { intakeServerFile } from '../storage/media-intake';
import { findUserFileBySha256, findUserFilesByKeys } from '../storage/storage.repository';
import { addMaterial } from '../works/work-management';
import { myWorkDetail } from '../works/work-reads';
import { backgroundThumb, paletteOf } from './backgrounds';
import { dHash, imageChecks, NEAR_COPY_BITS, textIssues } from './checks';
import * as repo from './covers.repository';
import { propose } from './proposals';
import { renderCover } from './render';
import { inRenderSlot } from './render-queue';

const CATEGORY_NAMES: Record<BackgroundCategory, { zh: string; en: string }> = {
  gradient: { zh: '渐变', en: 'Gradients' },
  pattern: { zh: '图案', en: 'Patterns' },
  texture: { zh: '纹理', en: 'Textures' },
};

const EFFECT_NAMES: Record<TextEffectKind, { zh: string; en: string }> = {
  none: { zh: '无', en: 'None' },
  shadow: { zh: '阴影', en: 'Shadow' },
  outline: { zh: '描边', en: 'Outline' },
  glow: { zh: '发光', en: 'Glow' },
};

const pick = (t: { zh: string; en: string }, lang: Lang) => (lang === 'en' ? t.en : t.zh);

export function specHash(spec: unknown): string {
  return createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 10);
}

function parseSpec(raw: unknown): BackgroundSpec | null {
  const r = backgroundSpec.safeParse(raw);
  return r.success ? r.data : null;
}

// ---- catalogue ----

export async function bgList(deps: Deps, lang: Lang): Promise<BgList> {
  const rows = await repo.listBackgrounds(deps.database.db, { includeRetired: false });
  const byCategory = new Map<BackgroundCategory, CoverBackground[]>();
  for (const row of rows) {
    const spec = parseSpec(row.spec);
    if (!spec) continue;
    const list = byCategory.get(row.category) ?? [];
    list.push({
      id: row.id,
      category: row.category,
      name: lang === 'en' ? row.name_en : row.name_zh,
      thumb: `${API.covers.thumb}/${row.id}.jpg?v=${specHash(spec)}`,
      palette: paletteOf(spec),
      spec,
    });
    byCategory.set(row.category, list);
  }
  return {
    categories: BACKGROUND_CATEGORIES.filter((c) => byCategory.has(c)).map((category) => ({
      category,
      name: pick(CATEGORY_NAMES[category], lang),
      backgrounds: byCategory.get(category)!,
    })),
  };
}

/** Thumbnails are small and the same for the same spec: kept in memory, keyed by the spec. */
const thumbs = new Map<string, Buffer>();
const THUMBS_KEPT = 200;

export async function backgroundThumbnail(deps: Deps, id: number): Promise<Buffer> {
  const row = await repo.findBackground(deps.database.db, id);
  const spec = row ? parseSpec(row.spec) : null;
  if (!spec) throw new AppError('NOT_FOUND');
  const key = specHash(spec);
  let jpeg = thumbs.get(key);
  if (!jpeg) {
    jpeg = await inRenderSlot(() => backgroundThumb(spec));
    if (thumbs.size >= THUMBS_KEPT) thumbs.delete(thumbs.keys().next().value!);
    thumbs.set(key, jpeg);
  }
  return jpeg;
}

export function shadowList(lang: Lang): ShadowList {
  const colour = (d: string) => ({ name: 'color' as const, default: d });
  const size = (d: number, max: number) => ({ name: 'size' as const, min: 0, max, step: 1, default: d });
  const opacity = (d: number) => ({ name: 'opacity' as const, min: 0, max: 1, step: 0.05, default: d });
  const params = {
    none: [],
    shadow: [
      colour('#000000'),
      size(24, 120),
      { name: 'dx' as const, min: -120, max: 120, step: 1, default: 10 },
      { name: 'dy' as const, min: -120, max: 120, step: 1, default: 14 },
      opacity(0.45),
    ],
    outline: [colour('#000000'), size(10, 60), opacity(1)],
    glow: [colour('#ffffff'), size(30, 120), opacity(0.7)],
  } satisfies Record<TextEffectKind, ShadowList['effects'][number]['params']>;
  return {
    effects: TEXT_EFFECTS.map((kind) => ({ kind, name: pick(EFFECT_NAMES[kind], lang), params: params[kind] })),
  };
}

// ---- the work's words ----

export interface WorkWords extends CoverMeta {
  genre: string;
}

/** The words a work's cover may show: its title, its primary artists, its label. */
async function workWords(deps: Deps, userId: number, workId: number): Promise<WorkWords> {
  try {
    const work = await myWorkDetail(deps, userId, workId);
    return {
      title: work.title,
      artist: work.primary_artists.join(' & '),
      label: work.label,
      genre: work.genre ?? '',
    };
  } catch (err) {
    if (err instanceof AppError && err.key === 'WORK_NOT_FOUND') throw new AppError('COVER_WORK_UNKNOWN');
    throw err;
  }
}

export async function proposals(deps: Deps, userId: number, body: ProposeBody): Promise<Proposals> {
  const words: WorkWords = body.work_id
    ? await workWords(deps, userId, body.work_id)
    : { title: body.title ?? '', artist: body.artist ?? '', label: body.label ?? '', genre: body.genre ?? '' };
  const rows = await repo.listBackgrounds(deps.database.db, { includeRetired: false });
  const catalogue = rows.flatMap((r) => {
    const spec = parseSpec(r.spec);
    return spec ? [{ id: r.id, category: r.category, spec }] : [];
  });
  const meta = { title: words.title, artist: words.artist, label: words.label };
  return { meta: { ...meta, genre: words.genre }, designs: propose(meta, words.genre, catalogue, body.round) };
}

// ---- rendering ----

interface Prepared {
  design: CoverDesign;
  meta: CoverMeta;
  work: CoverMeta | null;
  background: BackgroundSpec;
  photos: Map<string, Buffer>;
  warnings: RuleIssue[];
}

/** Everything a render needs, read and checked: the background, the user's own photos, the work's words. */
async function prepare(deps: Deps, userId: number, design: CoverDesign, workId?: number): Promise<Prepared> {
  const row = await repo.findBackground(deps.database.db, design.background.id);
  const background = row ? parseSpec(row.spec) : null;
  if (!background) throw new AppError('COVER_BACKGROUND_UNKNOWN');
  const work = workId ? await workWords(deps, userId, workId) : null;
  // With a work, the art shows the work's words (what the design carries is checked against them on export).
  const meta = design.meta;
  const imageLayers = design.layers.filter((l) => l.type === 'image');
  const owned = await findUserFilesByKeys(
    deps.database.db,
    userId,
    imageLayers.map((l) => l.key),
  );
  const photos = new Map<string, Buffer>();
  const warnings: RuleIssue[] = [];
  for (const layer of imageLayers) {
    const file = owned.find((f) => f.key === layer.key);
    if (file?.kind !== 'image') throw new AppError('COVER_PHOTO_INVALID', { key: layer.key });
    const body = await deps.storage.get(layer.key);
    if (!body) throw new AppError('COVER_PHOTO_INVALID', { key: layer.key });
    photos.set(layer.id, body);
    // Canvas pixels per photo pixel: past 1 the photo is enlarged beyond what it holds.
    const factor = layer.size / layer.crop.size;
    if (factor > 1.05)
      warnings.push({
        rule: 'cover.upscaled',
        field: `layers.${layer.id}`,
        severity: 'warning',
        params: { factor: Math.round(factor * 10) / 10 },
      });
  }
  return {
    design,
    meta,
    work: work && { title: work.title, artist: work.artist, label: work.label },
    background,
    photos,
    warnings,
  };
}

function withTexts(issues: RuleIssue[]): CoverIssue[] {
  return issues.map((i) => ({
    ...i,
    text: { 'zh-CN': ruleText(i.rule, 'zh-CN', i.params), en: ruleText(i.rule, 'en', i.params) },
  }));
}

/** An unreadable photo (not an image sharp can decode) is the musician's to fix, not a fault. */
async function rendered<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await inRenderSlot(run);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const message = (err as Error).message ?? '';
    if (/Input buffer|unsupported image format|VipsJpeg|pngload|extract_area|bad seek|corrupt/i.test(message))
      throw new AppError('COVER_PHOTO_INVALID');
    throw err;
  }
}

export async function preview(
  deps: Deps,
  userId: number,
  body: { design: CoverDesign; work_id?: number; side: number },
): Promise<CoverPreview> {
  const p = await prepare(deps, userId, body.design, body.work_id);
  const jpeg = await rendered(() => renderCover(p, body.side, 85));
  const warnings = [...p.warnings, ...textIssues(p.design, p.meta, p.work)];
  return { image: `data:image/jpeg;base64,${jpeg.toString('base64')}`, warnings: withTexts(warnings) };
}

/** The checks of a rendered cover, the near-copy one included; errors and warnings together. */
async function exportIssues(deps: Deps, p: Prepared, jpeg: Buffer, workId: number | null) {
  const pixels = await imageChecks(jpeg);
  const issues: RuleIssue[] = [...p.warnings, ...textIssues(p.design, p.meta, p.work), ...pixels.issues];
  // The step 1 upload's own rules (media/image.ts), so an export can never fail them later. Its pixels were just
  // made here and are decoded by the checks above, so the header's verdict is enough.
  const header = await analyzeCover(jpeg, 'cover', { whole: false });
  if (isRefusal(header)) issues.push(...header.issues);
  const hash = pixels.dhash;
  const near = await repo.nearestOtherCover(deps.database.db, hash, workId, NEAR_COPY_BITS);
  if (near)
    issues.push({ rule: 'cover.near_copy', field: 'cover', severity: 'error', params: { distance: near.distance } });
  return { issues, hash };
}

function refuse(issues: RuleIssue[]): never {
  const errors = issues.filter((i) => i.severity === 'error');
  throw new AppError('COVER_CHECK_FAILED', { issues: withTexts(errors), rules: errors.map((i) => i.rule) });
}

function fileName(meta: CoverMeta): string {
  const base = meta.title
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `${base || 'cover'}.jpg`;
}

export async function exportCover(deps: Deps, userId: number, body: ExportBody): Promise<CoverExport> {
  const started = performance.now();
  const p = await prepare(deps, userId, body.design, body.work_id);
  // The words are checked first: a design that says what the store refuses is not worth a render.
  const words = textIssues(p.design, p.meta, p.work);
  if (words.some((i) => i.severity === 'error')) refuse(words);
  const jpeg = await rendered(() => renderCover(p));
  const { issues, hash } = await rendered(() => exportIssues(deps, p, jpeg, body.work_id ?? null));
  if (issues.some((i) => i.severity === 'error')) refuse(issues);
  const sha256 = createHash('sha256').update(jpeg).digest('hex');
  // The same design renders the same bytes: a repeated export answers the file it already made.
  const db = deps.database.db;
  const existing = await findUserFileBySha256(db, userId, sha256, 'image');
  const key =
    existing?.key ?? (await intakeServerFile(deps, { userId, kind: 'cover', body: jpeg, name: fileName(p.meta) })).key;
  const file = existing ?? (await findUserFileBySha256(db, userId, sha256, 'image'));
  if (file) await repo.upsertFingerprint(db, { fileId: file.id, userId, workId: null, dhash: hash });
  return {
    key,
    url: deps.storage.url(key),
    width: 3000,
    height: 3000,
    bytes: jpeg.length,
    sha256,
    warnings: withTexts(issues),
    ms: Math.round(performance.now() - started),
  };
}

/**
 * "Use as cover": an exported cover becomes the work's cover in one call. The file goes through the same path as a
 * step 1 upload's (works.addMaterial: the user's own JPG/PNG image, the work editable or a change started), after
 * the near-copy check once more against the other releases as they are now.
 */
export async function useAsCover(deps: Deps, userId: number, body: { key: string; work_id: number }) {
  const db = deps.database.db;
  const [file] = await findUserFilesByKeys(db, userId, [body.key]);
  if (!file) throw new AppError('COVER_EXPORT_UNKNOWN');
  const jpeg = await deps.storage.get(body.key);
  if (!jpeg) throw new AppError('COVER_EXPORT_UNKNOWN');
  await workWords(deps, userId, body.work_id);
  const header = await analyzeCover(jpeg);
  if (isRefusal(header)) refuse(header.issues);
  const hash = await rendered(() => dHash(jpeg));
  const near = await repo.nearestOtherCover(db, hash, body.work_id, NEAR_COPY_BITS);
  if (near)
    refuse([{ rule: 'cover.near_copy', field: 'cover', severity: 'error', params: { distance: near.distance } }]);
  const detail = await addMaterial(deps, userId, { id: body.work_id, kind: 'cover', key: body.key, track_id: null });
  await repo.upsertFingerprint(db, { fileId: file.id, userId, workId: body.work_id, dhash: hash });
  return detail;
}

// ---- saved designs ----

function savedDesign(row: {
  id: number;
  name: string;
  work_id: number | null;
  doc: unknown;
  updated_at: Date;
}): SavedDesign | null {
  const doc = coverDesign.safeParse(row.doc);
  if (!doc.success) return null;
  return {
    id: row.id,
    name: row.name,
    work_id: row.work_id,
    design: doc.data,
    updated_at: row.updated_at.toISOString(),
  };
}

export async function saveDesign(
  deps: Deps,
  userId: number,
  body: { id?: number; name: string; design: CoverDesign; work_id?: number },
): Promise<{ id: number }> {
  const db = deps.database.db;
  const workId = body.work_id ?? null;
  if (workId) await workWords(deps, userId, workId);
  if (body.id) {
    if (!(await repo.updateDesign(db, { id: body.id, userId, workId, name: body.name, doc: body.design })))
      throw new AppError('COVER_DESIGN_UNKNOWN');
    return { id: body.id };
  }
  return repo.insertDesign(db, { userId, workId, name: body.name, doc: body.design });
}

export async function openDesign(deps: Deps, userId: number, id: number): Promise<SavedDesign> {
  const row = await repo.findDesign(deps.database.db, userId, id);
  const saved = row && savedDesign(row);
  if (!saved) throw new AppError('COVER_DESIGN_UNKNOWN');
  return saved;
}

export async function myDesigns(deps: Deps, userId: number): Promise<SavedDesign[]> {
  const rows = await repo.listDesigns(deps.database.db, userId);
  return rows.flatMap((r) => savedDesign(r) ?? []);
}
