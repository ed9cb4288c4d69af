/**
 * Proposals: several distinct covers at once from a work's title, artist, label and genre. They differ in
 * composition — where the words sit, how large, on what shape, at what angle — not only in colour: stores reject
 * a template whose only change is the palette (Juhe), so no two proposals of a round share a layout. Backgrounds
 * come from the catalogue, text colours from the background's palette, fonts from the shipped ones. The pick is
 * seeded by the words and the round, so the same request gives the same proposals and "more" gives others.
 */
import { createHash } from 'node:crypto';
import { fitSize } from '@trackline/contract/cover-text';
import type { BackgroundSpec, CoverDesign, CoverFont, CoverLayer, CoverMeta } from '@trackline/contract/covers';
import { contrast, meanLuminance, paletteOf } from './backgrounds';

export interface CatalogueBackground {
  id: number;
  category: string;
  spec: BackgroundSpec;
}

export const PROPOSAL_COUNT = 6;

interface Look {
  bg: CatalogueBackground;
  /** Text colour with the best contrast against the background. */
  ink: string;
  /** A second colour from the palette, for shapes. */
  accent: string;
  /** A colour for a band or panel the text sits on, and the ink on it. */
  panel: string;
  panelInk: string;
  serif: boolean;
  /**
   * The background's own colours contrast so much with each other (a pattern of dark and light) that no ink reads on
   * both: the words get an outline in the opposite colour.
   */
  halo: string | null;
  /** 0…1 from the seed: small per-work variations of position and angle. */
  jitter: number;
}

function bestInk(background: string[], candidates: string[]): { ink: string; worst: number } {
  let best = candidates[0]!;
  let score = -1;
  for (const c of candidates) {
    const worst = Math.min(...background.map((b) => contrast(c, b)));
    if (worst > score) {
      score = worst;
      best = c;
    }
  }
  return { ink: best, worst: score };
}

/** WCAG's contrast for large text. */
const READABLE = 3;

function lookOf(bg: CatalogueBackground, serif: boolean, jitter: number): Look {
  const palette = paletteOf(bg.spec);
  const dark = meanLuminance(bg.spec) < 0.35;
  const { ink, worst } = bestInk(palette, ['#ffffff', '#111111', ...palette]);
  const halo = worst < READABLE ? (contrast(ink, '#111111') > contrast(ink, '#ffffff') ? '#111111' : '#ffffff') : null;
  const accent = dark ? palette[palette.length - 1]! : palette[0]!;
  const panel = dark ? '#f5f1e8' : '#14141c';
  return { bg, ink, accent, panel, panelInk: dark ? '#14141c' : '#f5f1e8', serif, halo, jitter };
}

function font(look: Look, bold: boolean): CoverFont {
  return `${look.serif ? 'noto-serif-sc' : 'noto-sans-sc'}${bold ? '-bold' : ''}` as CoverFont;
}

const NO_EFFECT = { kind: 'none', color: '#000000', size: 12, dx: 0, dy: 0, opacity: 0.6 } as const;
const SOFT_SHADOW = { kind: 'shadow', color: '#000000', size: 24, dx: 10, dy: 14, opacity: 0.45 } as const;

function text(
  id: string,
  source: 'title' | 'artist' | 'label',
  words: string,
  o: Partial<Extract<CoverLayer, { type: 'text' }>> & {
    font: CoverFont;
    size: number;
    x: number;
    y: number;
    width: number;
  },
): CoverLayer {
  const { width, ...rest } = o;
  return {
    type: 'text',
    id,
    source,
    color: '#ffffff',
    effect: { ...NO_EFFECT },
    align: 'middle',
    rotation: 0,
    letterSpacing: 0,
    ...rest,
    size: fitSize(words, o.size, width, o.letterSpacing ?? 0),
  };
}

type Layout = (m: CoverMeta, look: Look) => CoverLayer[];

/** Each a different composition. */
const LAYOUTS: Record<string, Layout> = {
  /** Title large in the middle, a rule, the artist under it. */
  centre: (m, l) => [
    text('title', 'title', m.title, {
      font: font(l, true),
      size: 340,
      x: 1500,
      y: 1420 + l.jitter * 120,
      width: 2500,
      color: l.ink,
      effect: { ...SOFT_SHADOW },
    }),
    {
      type: 'shape',
      id: 'rule',
      shape: 'rect',
      x: 1260,
      y: 1560 + l.jitter * 120,
      w: 480,
      h: 14,
      color: l.ink,
      opacity: 0.8,
      rotation: 0,
    },
    text('artist', 'artist', m.artist, {
      font: font(l, false),
      size: 150,
      x: 1500,
      y: 1830 + l.jitter * 120,
      width: 2400,
      color: l.ink,
    }),
  ],
  /** Words top left, flush left, with an accent block low right. */
  corner: (m, l) => [
    {
      type: 'shape',
      id: 'block',
      shape: 'rect',
      x: 1900 - l.jitter * 200,
      y: 2050,
      w: 800,
      h: 700,
      color: l.accent,
      opacity: 0.85,
      rotation: 0,
    },
    text('title', 'title', m.title, {
      font: font(l, true),
      size: 300,
      x: 260,
      y: 620,
      width: 2400,
      color: l.ink,
      align: 'start',
    }),
    text('artist', 'artist', m.artist, {
      font: font(l, false),
      size: 130,
      x: 270,
      y: 840,
      width: 2300,
      color: l.ink,
      align: 'start',
      letterSpacing: 8,
    }),
  ],
  /** A band across the lower third holding the words. */
  band: (m, l) => [
    {
      type: 'shape',
      id: 'band',
      shape: 'rect',
      x: 0,
      y: 2000 - l.jitter * 150,
      w: 3000,
      h: 640,
      color: l.panel,
      opacity: 0.9,
      rotation: 0,
    },
    text('title', 'title', m.title, {
      font: font(l, true),
      size: 260,
      x: 240,
      y: 2330 - l.jitter * 150,
      width: 2500,
      color: l.panelInk,
      align: 'start',
    }),
    text('artist', 'artist', m.artist, {
      font: font(l, false),
      size: 120,
      x: 2760,
      y: 2520 - l.jitter * 150,
      width: 1600,
      color: l.panelInk,
      align: 'end',
    }),
  ],
  /** A disc in the middle, the title on it, the artist at the foot. */
  disc: (m, l) => [
    {
      type: 'shape',
      id: 'disc',
      shape: 'ellipse',
      x: 600,
      y: 560 + l.jitter * 100,
      w: 1800,
      h: 1800,
      color: l.panel,
      opacity: 0.92,
      rotation: 0,
    },
    text('title', 'title', m.title, {
      font: font(l, true),
      size: 280,
      x: 1500,
      y: 1560 + l.jitter * 100,
      width: 1500,
      color: l.panelInk,
    }),
    text('artist', 'artist', m.artist, {
      font: font(l, false),
      size: 130,
      x: 1500,
      y: 2740,
      width: 2400,
      color: l.ink,
      letterSpacing: 12,
    }),
  ],
  /** The title on a slant, large, running out of the lower left. */
  slant: (m, l) => [
    text('title', 'title', m.title, {
      font: font(l, true),
      size: 420,
      x: 220,
      y: 2300,
      width: 2500,
      color: l.ink,
      align: 'start',
      rotation: -(8 + l.jitter * 6),
      effect: { kind: 'outline', color: l.accent, size: 10, dx: 0, dy: 0, opacity: 1 },
    }),
    text('artist', 'artist', m.artist, {
      font: font(l, false),
      size: 130,
      x: 2780,
      y: 420,
      width: 2200,
      color: l.ink,
      align: 'end',
    }),
  ],
  /** A panel down the left, the words to its right, label at the foot. */
  panel: (m, l) => [
    {
      type: 'shape',
      id: 'panel',
      shape: 'rect',
      x: 0,
      y: 0,
      w: 900 + l.jitter * 200,
      h: 3000,
      color: l.panel,
      opacity: 0.88,
      rotation: 0,
    },
    text('title', 'title', m.title, {
      font: font(l, true),
      size: 260,
      x: 2800,
      y: 1300,
      width: 1800,
      color: l.ink,
      align: 'end',
      effect: { kind: 'glow', color: l.accent, size: 30, dx: 0, dy: 0, opacity: 0.7 },
    }),
    text('artist', 'artist', m.artist, {
      font: font(l, false),
      size: 130,
      x: 2800,
      y: 1520,
      width: 1800,
      color: l.ink,
      align: 'end',
    }),
    ...(m.label
      ? [
          text('label', 'label', m.label, {
            font: font(l, false),
            size: 70,
            x: 450,
            y: 2860,
            width: 760,
            color: l.panelInk,
          }),
        ]
      : []),
  ],
};

export const LAYOUT_NAMES = Object.keys(LAYOUTS);

/**
 * Whole canvas units (a document to edit, not a float's noise), and the halo on plain words drawn straight on a
 * background they cannot be read against (not on a panel of their own colour pair).
 */
function finish(layer: CoverLayer, look: Look): CoverLayer {
  const r = (n: number) => Math.round(n);
  if (layer.type === 'shape') return { ...layer, x: r(layer.x), y: r(layer.y), w: r(layer.w), h: r(layer.h) };
  if (layer.type !== 'text') return layer;
  const out = { ...layer, x: r(layer.x), y: r(layer.y), rotation: Math.round(layer.rotation * 10) / 10 };
  if (look.halo && layer.color === look.ink && layer.effect.kind === 'none')
    out.effect = { kind: 'outline', color: look.halo, size: 14, dx: 0, dy: 0, opacity: 1 };
  return out;
}

function seeded(words: string): () => number {
  let counter = 0;
  return () => {
    const h = createHash('sha256').update(`${words}#${counter++}`).digest();
    return h.readUInt32BE(0) / 4294967296;
  };
}

/** Genres that lean to a kind of background first. */
const GENRE_TASTE: Record<string, string> = {
  electronic: 'pattern',
  dance: 'pattern',
  hiphop: 'pattern',
  rock: 'texture',
  folk: 'texture',
  classical: 'texture',
  jazz: 'texture',
};

export function propose(meta: CoverMeta, genre: string, catalogue: CatalogueBackground[], round = 0): CoverDesign[] {
  if (catalogue.length === 0) return [];
  const rand = seeded(`${meta.title}|${meta.artist}|${meta.label}|${genre}|${round}`);
  const taste = GENRE_TASTE[genre];
  // Backgrounds in a seeded order, the genre's kind first; a different one per proposal while they last.
  const order = catalogue
    .map((bg) => ({ bg, key: rand() - (taste && bg.category === taste ? 0.5 : 0) }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.bg);
  const layouts = LAYOUT_NAMES.map((name) => ({ name, key: rand() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.name);
  const designs: CoverDesign[] = [];
  for (let i = 0; i < Math.min(PROPOSAL_COUNT, layouts.length); i++) {
    const bg = order[i % order.length]!;
    const layout = layouts[i]!;
    const look = lookOf(bg, i % 2 === 0, rand());
    const layers = LAYOUTS[layout]!(meta, look).map((l) => finish(l, look));
    designs.push({ version: 1, background: { id: bg.id }, meta, layers, layout });
  }
  return designs;
}
