/**
 * How wide a line of cover text is, roughly, without a font engine: the server fits proposal titles to the canvas
 * with it, the editors draw a layer's handle with it. CJK and full-width glyphs are one em, Latin narrower.
 */

export function textEms(text: string): number {
  let ems = 0;
  for (const ch of text) {
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u.test(ch))
      ems += 1;
    else if (ch === ' ') ems += 0.28;
    else if (/[A-Z0-9MW]/.test(ch)) ems += 0.68;
    else ems += 0.55;
  }
  return Math.max(ems, 0.5);
}

/** The largest size up to `wanted` at which the text fits `width` canvas pixels (at least 60). */
export function fitSize(text: string, wanted: number, width: number, letterSpacing = 0): number {
  const chars = [...text].length;
  const fit = (width - letterSpacing * chars) / textEms(text);
  return Math.round(Math.max(60, Math.min(wanted, fit)));
}

/** The box a text layer's words take, in canvas units: for editor handles (rotation left out). */
export function textBox(
  text: string,
  layer: { x: number; y: number; size: number; align: 'start' | 'middle' | 'end'; letterSpacing: number },
): { x: number; y: number; w: number; h: number } {
  const w = textEms(text) * layer.size + layer.letterSpacing * [...text].length;
  const x = layer.align === 'start' ? layer.x : layer.align === 'middle' ? layer.x - w / 2 : layer.x - w;
  return { x, y: layer.y - layer.size * 0.88, w, h: layer.size * 1.1 };
}
