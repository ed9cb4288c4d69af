/**
 * The one renderer: a design document → a square sRGB JPEG without alpha, on the server, whatever the browser.
 * Exports are 3000×3000; the editor's preview is this same render at a small side, so the preview is the export.
 * The same document (and the same photos) give the same bytes: nothing here reads the clock or a random source.
 */
import './fonts';
import { type BackgroundSpec, COVER_CANVAS, type CoverDesign, type CoverMeta } from '@trackline/contract/covers';
import sharp from 'sharp';
import { backgroundMarkup, svgDocument } from './backgrounds';
import { effectSvg, layerPieces, type Piece } from './design-svg';

export interface RenderInput {
  design: CoverDesign;
  /** The words the text layers show. */
  meta: CoverMeta;
  background: BackgroundSpec;
  /** Each image layer's source photo, by layer id. */
  photos: ReadonlyMap<string, Buffer>;
}

export const EXPORT_JPEG = { quality: 92, chromaSubsampling: '4:4:4', mozjpeg: false } as const;

/** The photo's square, scaled to the pixels it covers at this side, as a data URL for the layers' SVG. */
async function photoHrefs(input: RenderInput, side: number): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const layer of input.design.layers) {
    if (layer.type !== 'image') continue;
    const photo = input.photos.get(layer.id);
    if (!photo) continue;
    const oriented = await sharp(photo).rotate().toBuffer({ resolveWithObject: true });
    const { width, height } = oriented.info;
    const size = Math.max(1, Math.min(layer.crop.size, width, height));
    const left = Math.min(layer.crop.left, width - size);
    const top = Math.min(layer.crop.top, height - size);
    const px = Math.max(1, Math.round((layer.size * side) / COVER_CANVAS));
    const jpeg = await sharp(oriented.data)
      .extract({ left, top, width: size, height: size })
      .resize(px, px, { kernel: 'lanczos3' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
      .toBuffer();
    out.set(layer.id, `data:image/jpeg;base64,${jpeg.toString('base64')}`);
  }
  return out;
}

/** Shadows and glows are blurred at a quarter of the side: they hold no detail, and blurring is 16× cheaper. */
const EFFECT_SCALE = 4;

/**
 * A shadow or glow as an <image> under its text: the text's shape (effectSvg) rendered small, its alpha blurred by
 * the effect's size and scaled by its opacity (a glow twice as strong), in the effect's colour, cut to the part that
 * is not transparent and stretched back over the same part of the canvas. librsvg's own filters would blur at full
 * resolution: seconds per title at 3000 px.
 */
async function effectImage(piece: Extract<Piece, { kind: 'effect' }>, side: number): Promise<string> {
  const e = piece.layer.effect;
  const small = Math.max(64, Math.round(side / EFFECT_SCALE));
  const sigma = (e.size / 2) * (small / COVER_CANVAS);
  let alpha = sharp(Buffer.from(svgDocument(small, effectSvg(piece.layer, piece.text)))).extractChannel(3);
  // sharp blurs with a σ of at least 0.3; anything less is no visible blur at this size
  if (sigma >= 0.3) alpha = alpha.blur(sigma);
  // Single-channel all the way ('b-w'), else sharp writes three; the opacity in a pipeline of its own, because
  // sharp applies `linear` before `extractChannel` in one.
  const strength = e.kind === 'glow' ? Math.min(1, e.opacity * 2) : e.opacity;
  const blurred = await alpha.toColourspace('b-w').raw().toBuffer();
  const a = await sharp(blurred, { raw: { width: small, height: small, channels: 1 } })
    .linear(strength, 0)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  // The box that holds any ink.
  let [x0, y0, x1, y1] = [small, small, -1, -1];
  for (let y = 0; y < small; y++)
    for (let x = 0; x < small; x++)
      if (a[y * small + x]! > 0) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  if (x1 < 0) return '';
  const width = x1 - x0 + 1;
  const height = y1 - y0 + 1;
  const cut = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) a.copy(cut, y * width, (y0 + y) * small + x0, (y0 + y) * small + x0 + width);
  const png = await sharp({ create: { width, height, channels: 3, background: e.color } })
    .joinChannel(cut, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const unit = COVER_CANVAS / small;
  return `<image x="${x0 * unit}" y="${y0 * unit}" width="${width * unit}" height="${height * unit}" preserveAspectRatio="none" xlink:href="data:image/png;base64,${png.toString('base64')}"/>`;
}

/** The cover at side×side: one SVG — background, then the layers bottom to top — flattened to RGB. */
export async function renderCover(
  input: RenderInput,
  side = COVER_CANVAS,
  quality: number = EXPORT_JPEG.quality,
): Promise<Buffer> {
  const images = await photoHrefs(input, side);
  const parts = [await backgroundMarkup(input.background)];
  for (const piece of layerPieces(input.design, input.meta, images))
    parts.push(piece.kind === 'svg' ? piece.body : await effectImage(piece, side));
  return sharp(Buffer.from(svgDocument(side, parts.join(''))), { density: 72 })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .withIccProfile('srgb')
    .jpeg({ ...EXPORT_JPEG, quality })
    .toBuffer();
}
