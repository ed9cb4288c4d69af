/**
 * Backgrounds from their specs, drawn on the server: gradients and patterns as SVG, textures as seeded noise
 * (our own PRNG, so the same spec gives the same pixels on every run and machine). Nothing is a licensed photo.
 * All coordinates are in the 3000×3000 canvas; `side` is the output's pixel size.
 */
import { type BackgroundSpec, COVER_CANVAS } from '@trackline/contract/covers';
import sharp, { type Sharp } from 'sharp';

const C = COVER_CANVAS;

function r2(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** Relative luminance (WCAG), 0 black … 1 white. */
export function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = c.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function colorsOf(spec: BackgroundSpec): string[] {
  if (spec.category === 'gradient') return spec.gradient.colors;
  if (spec.category === 'pattern') return spec.pattern.colors;
  return spec.texture.colors;
}

/** The background's colours, darkest first: what proposals pick text colours against. */
export function paletteOf(spec: BackgroundSpec): string[] {
  return [...new Set(colorsOf(spec).map((c) => c.toLowerCase()))].sort((a, b) => luminance(a) - luminance(b));
}

/** The average colour of the background, roughly: the middle of its palette by luminance. */
export function meanLuminance(spec: BackgroundSpec): number {
  const lum = colorsOf(spec).map(luminance);
  return lum.reduce((s, v) => s + v, 0) / lum.length;
}

function gradientSvg(g: Extract<BackgroundSpec, { category: 'gradient' }>['gradient']): string {
  const stops = g.colors.map((c, i) => `<stop offset="${r2(i / (g.colors.length - 1))}" stop-color="${c}"/>`).join('');
  if (g.kind === 'radial')
    return `<defs><radialGradient id="bg" cx="0.5" cy="0.45" r="0.75">${stops}</radialGradient></defs><rect width="${C}" height="${C}" fill="url(#bg)"/>`;
  // CSS's convention: 0° runs bottom to top, 90° left to right, 135° top-left to bottom-right.
  const a = (g.angle * Math.PI) / 180;
  const dx = Math.sin(a) / 2;
  const dy = -Math.cos(a) / 2;
  return `<defs><linearGradient id="bg" x1="${r2(0.5 - dx)}" y1="${r2(0.5 - dy)}" x2="${r2(0.5 + dx)}" y2="${r2(0.5 + dy)}">${stops}</linearGradient></defs><rect width="${C}" height="${C}" fill="url(#bg)"/>`;
}

function patternSvg(p: Extract<BackgroundSpec, { category: 'pattern' }>['pattern']): string {
  const [base, ink] = p.colors as [string, string];
  const s = p.scale;
  const ground = `<rect width="${C}" height="${C}" fill="${base}"/>`;
  const tile = (body: string, extra = '') =>
    `<defs><pattern id="p" width="${r2(s)}" height="${r2(s)}" patternUnits="userSpaceOnUse"${extra}>${body}</pattern></defs>${ground}<rect width="${C}" height="${C}" fill="url(#p)"/>`;
  switch (p.kind) {
    case 'stripes':
      return tile(`<rect width="${r2(s / 2)}" height="${r2(s)}" fill="${ink}"/>`, ' patternTransform="rotate(45)"');
    case 'dots':
      return tile(`<circle cx="${r2(s / 2)}" cy="${r2(s / 2)}" r="${r2(s * 0.18)}" fill="${ink}"/>`);
    case 'grid':
      return tile(
        `<path d="M0 0H${r2(s)}M0 0V${r2(s)}" stroke="${ink}" stroke-width="${r2(Math.max(4, s * 0.04))}" fill="none"/>`,
      );
    case 'waves': {
      const h = s / 2;
      return tile(
        `<path d="M0 ${r2(h)} Q ${r2(s / 4)} ${r2(h - s / 4)} ${r2(s / 2)} ${r2(h)} T ${r2(s)} ${r2(h)}" stroke="${ink}" stroke-width="${r2(s * 0.08)}" fill="none"/>`,
      );
    }
    case 'rings': {
      const rings: string[] = [];
      for (let r = s; r < C * 0.75; r += s)
        rings.push(`<circle cx="${C / 2}" cy="${C / 2}" r="${r2(r)}" stroke="${ink}" stroke-width="${r2(s * 0.3)}"/>`);
      return `${ground}<g fill="none">${rings.join('')}</g>`;
    }
  }
}

/** mulberry32: a small, well-known 32-bit PRNG — repeatable noise from a seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Value noise on an n×n grid: octaves of random lattices, bilinearly interpolated and summed (0…1). */
function valueNoise(n: number, seed: number, octaves: number[], weights: number[]): Float32Array {
  const rand = prng(seed);
  const out = new Float32Array(n * n);
  let total = 0;
  octaves.forEach((cells, o) => {
    const w = weights[o] ?? 1;
    total += w;
    const lattice = Array.from({ length: (cells + 1) * (cells + 1) }, rand);
    for (let y = 0; y < n; y++) {
      const fy = (y / n) * cells;
      const y0 = Math.floor(fy);
      const ty = fy - y0;
      for (let x = 0; x < n; x++) {
        const fx = (x / n) * cells;
        const x0 = Math.floor(fx);
        const tx = fx - x0;
        const at = (yy: number, xx: number) => lattice[yy * (cells + 1) + xx]!;
        const top = at(y0, x0) * (1 - tx) + at(y0, x0 + 1) * tx;
        const bottom = at(y0 + 1, x0) * (1 - tx) + at(y0 + 1, x0 + 1) * tx;
        out[y * n + x]! += w * (top * (1 - ty) + bottom * ty);
      }
    }
  });
  for (let i = 0; i < out.length; i++) out[i]! /= total;
  return out;
}

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** A texture as raw RGB at a small size; the caller scales it to the output. */
function textureRaw(t: Extract<BackgroundSpec, { category: 'texture' }>['texture']): { data: Buffer; n: number } {
  const n = t.kind === 'grain' ? 750 : 300;
  const [a, b] = [rgb(t.colors[0]!), rgb(t.colors[1]!)];
  let field: Float32Array;
  let amount: (v: number) => number;
  if (t.kind === 'clouds') {
    field = valueNoise(n, t.seed, [3, 6, 12, 24], [1, 0.5, 0.25, 0.125]);
    amount = (v) => Math.min(1, Math.max(0, (v - 0.2) / 0.6));
  } else if (t.kind === 'paper') {
    field = valueNoise(n, t.seed, [4, 40, 150], [0.5, 0.3, 0.2]);
    amount = (v) => Math.max(0, v - 0.35) * 0.35;
  } else {
    field = valueNoise(n, t.seed, [8, 375], [0.3, 0.7]);
    amount = (v) => Math.min(1, Math.max(0, 0.15 + (v - 0.5) * 0.5));
  }
  const data = Buffer.alloc(n * n * 3);
  for (let i = 0; i < n * n; i++) {
    const k = amount(field[i]!);
    for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.round(a[c]! * (1 - k) + b[c]! * k);
  }
  return { data, n };
}

/** The SVG markup of a gradient or pattern background (inside a 3000-unit viewBox); null for a texture. */
export function backgroundSvg(spec: BackgroundSpec): string | null {
  if (spec.category === 'gradient') return gradientSvg(spec.gradient);
  if (spec.category === 'pattern') return patternSvg(spec.pattern);
  return null;
}

export function svgDocument(side: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${side}" height="${side}" viewBox="0 0 ${C} ${C}">${body}</svg>`;
}

/** Textures as PNG data URLs, by spec: deterministic, so kept (a few, each well under 2 MB). */
const texturePngs = new Map<string, string>();

/**
 * The background as SVG markup for the one SVG a cover is rendered from: gradients and patterns as they are, a
 * texture as its small noise picture stretched over the canvas (smoothly: cairo's filter on an <image>).
 */
export async function backgroundMarkup(spec: BackgroundSpec): Promise<string> {
  if (spec.category !== 'texture') return backgroundSvg(spec) ?? '';
  const key = JSON.stringify(spec.texture);
  let href = texturePngs.get(key);
  if (!href) {
    const { data, n } = textureRaw(spec.texture);
    const png = await sharp(data, { raw: { width: n, height: n, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    href = `data:image/png;base64,${png.toString('base64')}`;
    if (texturePngs.size >= 16) texturePngs.delete(texturePngs.keys().next().value!);
    texturePngs.set(key, href);
  }
  return `<image x="0" y="0" width="${C}" height="${C}" preserveAspectRatio="none" xlink:href="${href}"/>`;
}

/** The background alone as an image pipeline of side×side pixels (RGB). */
export function backgroundImage(spec: BackgroundSpec, side: number): Sharp {
  if (spec.category !== 'texture')
    return sharp(Buffer.from(svgDocument(side, backgroundSvg(spec) ?? '')), { density: 72 }).removeAlpha();
  const { data, n } = textureRaw(spec.texture);
  return sharp(data, { raw: { width: n, height: n, channels: 3 } }).resize(side, side, {
    kernel: spec.texture.kind === 'grain' ? 'cubic' : 'lanczos3',
  });
}

/** A background's thumbnail (JPEG), for bglist. */
export async function backgroundThumb(spec: BackgroundSpec, side = 240): Promise<Buffer> {
  return backgroundImage(spec, side).jpeg({ quality: 82 }).toBuffer();
}
