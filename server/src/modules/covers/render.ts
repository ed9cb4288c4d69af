/**
 * The one renderer: a design document → a square sRGB JPEG without alpha, on the server, whatever the browser.
 * Exports are 3000×3000; the editor's preview is this same render at a small side, so the preview is the export.
 * The same document (and the same photos) give the same bytes: nothing here reads the clock or a random source.
 */
import './fonts';
import { type BackgroundSpec, COVER_CANVAS, type CoverDesign, type CoverMeta } from '@trackline/contract/covers';
import sharp from 'sharp';
import { backgroundImage, svgDocument } from './backgrounds';
import { layersSvg } from './design-svg';

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

/** The cover at side×side: background, then the layers bottom to top, flattened to RGB. */
export async function renderCover(
  input: RenderInput,
  side = COVER_CANVAS,
  quality: number = EXPORT_JPEG.quality,
): Promise<Buffer> {
  const images = await photoHrefs(input, side);
  const overlay = Buffer.from(svgDocument(side, layersSvg(input.design, input.meta, images)));
  const base = await backgroundImage(input.background, side).raw().toBuffer({ resolveWithObject: true });
  return sharp(base.data, { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } })
    .composite([{ input: overlay, top: 0, left: 0 }])
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .withIccProfile('srgb')
    .jpeg({ ...EXPORT_JPEG, quality })
    .toBuffer();
}
