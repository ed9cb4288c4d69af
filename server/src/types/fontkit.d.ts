/**
 * The part of fontkit 2 (no bundled types) the project uses: opening a font and subsetting it (authorization letter),
 * glyph outlines (picture codes).
 */
declare module 'fontkit' {
  export interface Subset {
    includeGlyph(glyph: unknown): number;
    /** The subset as a font file (TrueType or CFF, as the source). */
    encode(): Uint8Array;
  }
  export interface Glyph {
    id: number;
    advanceWidth: number;
    bbox: { minX: number; minY: number; maxX: number; maxY: number };
    /** The outline in font units, y pointing up. */
    path: { toSVG(): string };
  }
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    createSubset(): Subset;
    glyphsForString(text: string): Glyph[];
  }
  export interface FontCollection {
    fonts: Font[];
  }
  /** A font, or a collection when the file is a .ttc/.dfont and no postscriptName picks a face. */
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): Font | FontCollection;
}
