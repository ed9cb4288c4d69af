import type { CoverLayer } from '@trackline/contract/covers';

/** The i18n key naming a layer in lists and handles. */
export function layerKind(layer: CoverLayer): 'title' | 'artist' | 'label' | 'rect' | 'ellipse' | 'line' | 'image' {
  if (layer.type === 'text') return layer.source;
  if (layer.type === 'shape') return layer.shape;
  return 'image';
}
