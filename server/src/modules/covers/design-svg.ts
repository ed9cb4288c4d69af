/**
 * A design document's layers as one SVG (transparent where no layer is), in the 3000-unit canvas; the background
 * is drawn apart (backgrounds.ts) and the layers composited over it. Text is the work's metadata (the layer names
 * a field, never a string), set in the shipped fonts (fonts.ts). Numbers are rounded so the markup, and so the
 * render, is the same for the same document.
 */
import type { CoverDesign, CoverMeta, ShapeLayer, TextEffect, TextLayer } from '@trackline/contract/covers';
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

/** The filter an effect needs (shadow, glow), by layer id; outline is a stroke, none nothing. */
function effectFilter(id: string, e: TextEffect): string {
  const region = 'x="-25%" y="-60%" width="150%" height="220%"';
  if (e.kind === 'shadow')
    return `<filter id="fx-${id}" ${region}><feDropShadow dx="${r2(e.dx)}" dy="${r2(e.dy)}" stdDeviation="${r2(e.size / 2)}" flood-color="${e.color}" flood-opacity="${r2(e.opacity)}"/></filter>`;
  if (e.kind === 'glow')
    return `<filter id="fx-${id}" ${region}><feGaussianBlur in="SourceAlpha" stdDeviation="${r2(e.size / 2)}" result="b"/><feFlood flood-color="${e.color}" flood-opacity="${r2(e.opacity)}"/><feComposite in2="b" operator="in" result="g"/><feMerge><feMergeNode in="g"/><feMergeNode in="g"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
  return '';
}

function textSvg(layer: TextLayer, text: string): { defs: string; body: string } {
  const font = FONTS[layer.font];
  const e = layer.effect;
  const defs = effectFilter(layer.id, e);
  const attrs = [
    `x="${r2(layer.x)}"`,
    `y="${r2(layer.y)}"`,
    `font-family="${font.family}"`,
    `font-weight="${font.weight}"`,
    `font-size="${r2(layer.size)}"`,
    `fill="${layer.color}"`,
    `text-anchor="${layer.align}"`,
  ];
  if (layer.letterSpacing) attrs.push(`letter-spacing="${r2(layer.letterSpacing)}"`);
  if (defs) attrs.push(`filter="url(#fx-${layer.id})"`);
  if (e.kind === 'outline')
    attrs.push(
      `stroke="${e.color}"`,
      `stroke-width="${r2(e.size)}"`,
      `stroke-opacity="${r2(e.opacity)}"`,
      'stroke-linejoin="round"',
      'paint-order="stroke"',
    );
  const body = `<text ${attrs.join(' ')}${rotate(layer.rotation, layer.x, layer.y)}>${escapeXml(printable(text))}</text>`;
  return { defs, body };
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

/**
 * The layers' SVG body. `images` holds each image layer's picture, already cropped to its square and scaled to
 * the size it is drawn at, as a data URL (the renderer prepares them: photos are read from storage).
 */
export function layersSvg(design: CoverDesign, meta: CoverMeta, images: ReadonlyMap<string, string>): string {
  const defs: string[] = [];
  const body: string[] = [];
  for (const layer of design.layers) {
    if (layer.type === 'text') {
      const text = meta[layer.source].trim();
      if (!text) continue;
      const t = textSvg(layer, text);
      if (t.defs) defs.push(t.defs);
      body.push(t.body);
    } else if (layer.type === 'shape') {
      body.push(shapeSvg(layer));
    } else {
      const href = images.get(layer.id);
      if (!href) continue;
      const c = layer.size / 2;
      body.push(
        `<image x="${r2(layer.x)}" y="${r2(layer.y)}" width="${r2(layer.size)}" height="${r2(layer.size)}" preserveAspectRatio="none" xlink:href="${href}"${rotate(layer.rotation, layer.x + c, layer.y + c)}/>`,
      );
    }
  }
  return (defs.length ? `<defs>${defs.join('')}</defs>` : '') + body.join('');
}
