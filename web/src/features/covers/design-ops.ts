/** Pure changes to a design document, for the editors (each returns a new document; the input is never changed). */
import type {
  CoverDesign,
  CoverLayer,
  ImageLayer,
  ShapeLayer,
  TextLayer,
  TextSource,
} from '@trackline/contract/covers';

type PatchOf<T> = Partial<Omit<T, 'type' | 'id'>>;
export type LayerPatch = PatchOf<TextLayer> | PatchOf<ShapeLayer> | PatchOf<ImageLayer>;

export function updateLayer(design: CoverDesign, id: string, patch: LayerPatch): CoverDesign {
  return {
    ...design,
    layers: design.layers.map((l) => (l.id === id ? ({ ...l, ...patch } as CoverLayer) : l)),
  };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Moves a layer by canvas units, kept within reach of the canvas. */
export function nudgeLayer(design: CoverDesign, id: string, dx: number, dy: number): CoverDesign {
  const layer = design.layers.find((l) => l.id === id);
  if (!layer) return design;
  return updateLayer(design, id, { x: clamp(layer.x + dx, -2900, 5900), y: clamp(layer.y + dy, -2900, 5900) });
}

/** One step towards the top (+1) or the bottom (-1) of the stack. */
export function reorderLayer(design: CoverDesign, id: string, step: 1 | -1): CoverDesign {
  const at = design.layers.findIndex((l) => l.id === id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= design.layers.length) return design;
  const layers = [...design.layers];
  [layers[at], layers[to]] = [layers[to]!, layers[at]!];
  return { ...design, layers };
}

export function removeLayer(design: CoverDesign, id: string): CoverDesign {
  return { ...design, layers: design.layers.filter((l) => l.id !== id) };
}

function freshId(design: CoverDesign, prefix: string): string {
  let n = design.layers.length + 1;
  while (design.layers.some((l) => l.id === `${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

const TEXT_DEFAULTS: Record<TextSource, { y: number; size: number; font: 'noto-serif-sc-bold' | 'noto-sans-sc' }> = {
  title: { y: 1500, size: 300, font: 'noto-serif-sc-bold' },
  artist: { y: 1850, size: 150, font: 'noto-sans-sc' },
  label: { y: 2800, size: 80, font: 'noto-sans-sc' },
};

export function addText(design: CoverDesign, source: TextSource): { design: CoverDesign; id: string } {
  const id = freshId(design, source);
  const d = TEXT_DEFAULTS[source];
  const layer: CoverLayer = {
    type: 'text',
    id,
    source,
    font: d.font,
    size: d.size,
    color: '#ffffff',
    effect: { kind: 'shadow', color: '#000000', size: 24, dx: 10, dy: 14, opacity: 0.45 },
    align: 'middle',
    x: 1500,
    y: d.y,
    rotation: 0,
    letterSpacing: 0,
  };
  return { design: { ...design, layers: [...design.layers, layer] }, id };
}

export function addShape(design: CoverDesign, shape: 'rect' | 'ellipse' | 'line'): { design: CoverDesign; id: string } {
  const id = freshId(design, shape);
  const layer: CoverLayer =
    shape === 'line'
      ? { type: 'shape', id, shape, x: 900, y: 2000, w: 1200, h: 1, color: '#ffffff', opacity: 1, rotation: 0 }
      : { type: 'shape', id, shape, x: 1000, y: 1000, w: 1000, h: 1000, color: '#14141c', opacity: 0.6, rotation: 0 };
  return { design: { ...design, layers: [...design.layers, layer] }, id };
}

export type CropAt = 'start' | 'center' | 'end';

/** The square crop of a photo: its short side, at the start, centre or end of the long side. */
export function squareCrop(width: number, height: number, at: CropAt = 'center') {
  const size = Math.min(width, height);
  const spare = Math.max(width, height) - size;
  const offset = at === 'start' ? 0 : at === 'end' ? spare : Math.floor(spare / 2);
  return width >= height ? { left: offset, top: 0, size } : { left: 0, top: offset, size };
}

/** Puts the photo at the bottom of the stack, filling the canvas (replacing an earlier photo). */
export function setPhoto(
  design: CoverDesign,
  key: string,
  crop: { left: number; top: number; size: number },
): CoverDesign {
  const photo: CoverLayer = { type: 'image', id: 'photo', key, crop, x: 0, y: 0, size: 3000, rotation: 0 };
  return { ...design, layers: [photo, ...design.layers.filter((l) => l.id !== 'photo')] };
}
