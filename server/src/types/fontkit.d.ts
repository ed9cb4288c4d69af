/** The part of fontkit 2 (no bundled types) the authorization letter uses: opening a font and subsetting it. */
declare module 'fontkit' {
  export interface Subset {
    includeGlyph(glyph: unknown): number;
    /** The subset as a font file (TrueType or CFF, as the source). */
    encode(): Uint8Array;
  }
  export interface Font {
    postscriptName: string;
    createSubset(): Subset;
  }
  export interface FontCollection {
    fonts: Font[];
  }
  /** A font, or a collection when the file is a .ttc/.dfont and no postscriptName picks a face. */
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): Font | FontCollection;
}
