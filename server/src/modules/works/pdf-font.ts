/**
 * The font the authorization letter is set in. The letter is Chinese and English and names user text in any script,
 * so it needs a CJK font, embedded as a subset (only the glyphs used: a few dozen KB per letter).
 *
 * Where it comes from, first found wins:
 * 1. Noto Sans SC Regular from the npm package @openfonts/noto-sans-sc_all (a server dependency, OFL), so a fresh
 *    `npm install && npm start` has it on any machine. The package ships WOFF, which is unpacked here to a plain
 *    TrueType file with node:zlib (fontkit's own WOFF reader takes ~15 s on this font; this takes ~0.5 s, once).
 * 2. A system CJK font (Debian's fonts-noto-cjk, WenQuanYi, macOS PingFang, Windows YaHei), for an install that
 *    pruned the package.
 * 3. None: the standard Helvetica, where characters it cannot show are written as '?' (and a warning logged).
 *
 * Subsetting uses upstream fontkit 2 rather than pdf-lib's bundled @pdf-lib/fontkit 1.1, whose subsetter silently
 * corrupts CJK glyphs (a short `loca` table for TrueType, a bad CFF header for CID-keyed OpenType). pdf-lib accepts
 * any object with a fontkit-shaped `create`; fontkit 2's subsets only lack the `encodeStream()` pdf-lib calls, which
 * the adapter below adds.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as fontkit from 'fontkit';
import { type PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { woffToSfnt } from '../../platform/fonts/woff';

export { woffToSfnt };

export interface LetterFont {
  font: PDFFont;
  /** False for the Helvetica fallback: text must go through `printable` first. */
  unicode: boolean;
}

interface FontSource {
  bytes: Buffer;
  /** For a collection (.ttc): which face. */
  postscriptName?: string;
  origin: string;
}

const SYSTEM_FONTS: ReadonlyArray<{ file: string; postscriptName?: string }> = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', postscriptName: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', postscriptName: 'NotoSerifCJKsc-Regular' },
  { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', postscriptName: 'WenQuanYiMicroHei' },
  { file: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', postscriptName: 'WenQuanYiZenHei' },
  { file: '/System/Library/Fonts/PingFang.ttc', postscriptName: 'PingFangSC-Regular' },
  { file: 'C:\\Windows\\Fonts\\msyh.ttc', postscriptName: 'MicrosoftYaHei' },
];

async function packagedFont(): Promise<FontSource | null> {
  try {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('@openfonts/noto-sans-sc_all/package.json'));
    const file = path.join(dir, 'files', 'noto-sans-sc-all-400.woff');
    return { bytes: woffToSfnt(await readFile(file)), origin: file };
  } catch {
    return null;
  }
}

async function systemFont(): Promise<FontSource | null> {
  for (const candidate of SYSTEM_FONTS) {
    if (!existsSync(candidate.file)) continue;
    try {
      const bytes = await readFile(candidate.file);
      // make sure the face is there before choosing this file
      fontkit.create(bytes, candidate.postscriptName);
      return { bytes, postscriptName: candidate.postscriptName, origin: candidate.file };
    } catch {
      // not readable, or not the face we expected: try the next one
    }
  }
  return null;
}

let source: Promise<FontSource | null> | null = null;

/** The CJK font, looked for once per process. */
export function cjkFontSource(): Promise<FontSource | null> {
  source ??= packagedFont().then((found) => found ?? systemFont());
  return source;
}

/** pdf-lib's fontkit interface over fontkit 2, with the parsed font kept for the next letter. */
function fontkitAdapter(src: FontSource) {
  let parsed: fontkit.Font | null = null;
  return {
    create() {
      if (!parsed) {
        parsed = fontkit.create(src.bytes, src.postscriptName) as fontkit.Font;
        const createSubset = parsed.createSubset.bind(parsed);
        parsed.createSubset = () => {
          const subset = createSubset();
          return Object.assign(subset, { encodeStream: () => Readable.from([Buffer.from(subset.encode())]) });
        };
      }
      return parsed;
    },
  };
}

let adapter: { src: FontSource; kit: ReturnType<typeof fontkitAdapter> } | null = null;

/** Embeds the letter's font in a document: the CJK font as a subset, else Helvetica. */
export async function embedLetterFont(doc: PDFDocument, warn: (msg: string) => void): Promise<LetterFont> {
  const src = await cjkFontSource();
  if (!src) {
    warn('no CJK font found for the authorization letter: Chinese text is written as "?"');
    return { font: await doc.embedFont(StandardFonts.Helvetica), unicode: false };
  }
  if (adapter?.src !== src) adapter = { src, kit: fontkitAdapter(src) };
  doc.registerFontkit(adapter.kit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  return { font: await doc.embedFont(src.bytes, { subset: true }), unicode: true };
}

/** Text the font can show: with the Helvetica fallback, what WinAnsi lacks becomes '?'. */
export function printable(f: LetterFont, text: string): string {
  if (f.unicode) return text;
  return Array.from(text)
    .map((ch) => {
      try {
        f.font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}
