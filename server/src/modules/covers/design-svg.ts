/**
 * A design document's layers as one SVG (transparent where no layer is), in the 3000-unit canvas; the background
 * is drawn apart (backgrounds.ts) and the layers composited over it. Text is the work's metadata (the layer names
 * a field, never a string), set in the shipped fonts (fonts.ts). Numbers are rounded so the markup, and so the
 * render, is the same for the same document.
 */
import type { CoverDesign, CoverMeta, ShapeLayer, TextLayer } from '@trackline/contract/covers';
import { FONTS } from './fonts';

function r2(n: number): string {
  return String(Math.round(n * 100) / 100);
}

function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Control characters (other than none: text layers are one line) would make the SVG invalid XML. */
function printable(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return s.replace(/[\u0000-\u001f\u007f\ufffe\uffff]/g, '');
}

function rotate(deg: number, cx: number, cy: number): string {
  return deg ? ` transform="rotate(${r2(deg)} ${r2(cx)} ${r2(cy)})"` : '';
}

/**
 * A text layer's own markup. Shadow and glow are not SVG filters here: librsvg blurs a filter at full resolution
 * (seconds for one title at 3000 px), so the renderer draws them as a blurred raster of `effectSvg` instead.
 */
function textSvg(layer: TextLayer, text: string, fill: string = layer.color, dx = 0, dy = 0): string {
  const font = FONTS[layer.font];
  const e = layer.effect;
  const x = layer.x + dx;
  const y = layer.y + dy;
  const attrs = [
    `x="${r2(x)}"`,
    `y="${r2(y)}"`,
    `font-family="${font.family}"`,
    `font-weight="${font.weight}"`,
    `font-size="${r2(layer.size)}"`,
    `fill="${fill}"`,
    `text-anchor="${layer.align}"`,
  ];
  if (layer.letterSpacing) attrs.push(`letter-spacing="${r2(layer.letterSpacing)}"`);
  if (e.kind === 'outline' && fill === layer.color)
    attrs.push(
      `stroke="${e.color}"`,
      `stroke-width="${r2(e.size)}"`,
      `stroke-opacity="${r2(e.opacity)}"`,
      'stroke-linejoin="round"',
      'paint-order="stroke"',
    );
  return `<text ${attrs.join(' ')}${rotate(layer.rotation, x, y)}>${escapeXml(printable(text))}</text>`;
}

/** The shape a shadow or glow is blurred from: the text in white, moved by the shadow's offset. */
export function effectSvg(layer: TextLayer, text: string): string {
  const shadow = layer.effect.kind === 'shadow';
  return textSvg(layer, text, '#ffffff', shadow ? layer.effect.dx : 0, shadow ? layer.effect.dy : 0);
}

function shapeSvg(s: ShapeLayer): string {
  const cx = s.x + s.w / 2;
  const cy = s.y + s.h / 2;
  const common = `fill-opacity="${r2(s.opacity)}"${rotate(s.rotation, cx, cy)}`;
  if (s.shape === 'ellipse')
    return `<ellipse cx="${r2(cx)}" cy="${r2(cy)}" rx="${r2(s.w / 2)}" ry="${r2(s.h / 2)}" fill="${s.color}" ${common}/>`;
  if (s.shape === 'line')
    return `<line x1="${r2(s.x)}" y1="${r2(s.y)}" x2="${r2(s.x + s.w)}" y2="${r2(s.y + s.h)}" stroke="${s.color}" stroke-width="12" stroke-linecap="round" stroke-opacity="${r2(s.opacity)}"${rotate(s.rotation, cx, cy)}/>`;
  return `<rect x="${r2(s.x)}" y="${r2(s.y)}" width="${r2(s.w)}" height="${r2(s.h)}" fill="${s.color}" ${common}/>`;
}

/** A run of layers drawn as one SVG, or a text layer's blurred effect (drawn under the text that follows it). */
export type Piece = { kind: 'svg'; body: string } | { kind: 'effect'; layer: TextLayer; text: string };

/**
 * The layers bottom to top, as SVG runs split where a shadow or glow goes. `images` holds each image layer's picture,
 * already cropped to its square and scaled to the size it is drawn at, as a data URL (the renderer prepares them:
 * photos are read from storage).
 */
export function layerPieces(design: CoverDesign, meta: CoverMeta, images: ReadonlyMap<string, string>): Piece[] {
  const pieces: Piece[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) pieces.push({ kind: 'svg', body: run.join('') });
    run = [];
  };
  for (const layer of design.layers) {
    if (layer.type === 'text') {
      const text = meta[layer.source].trim();
      if (!text) continue;
      if (layer.effect.kind === 'shadow' || layer.effect.kind === 'glow') {
        flush();
        pieces.push({ kind: 'effect', layer, text });
      }
      run.push(textSvg(layer, text));
    } else if (layer.type === 'shape') {
      run.push(shapeSvg(layer));
    } else {
      const href = images.get(layer.id);
      if (!href) continue;
      const c = layer.size / 2;
      run.push(
        `<image x="${r2(layer.x)}" y="${r2(layer.y)}" width="${r2(layer.size)}" height="${r2(layer.size)}" preserveAspectRatio="none" xlink:href="${href}"${rotate(layer.rotation, layer.x + c, layer.y + c)}/>`,
      );
    }
  }
  flush();
  return pieces;
}
