/**
 * The picture a picture code is shown in: a PNG drawn here, never markup a script could read the glyphs out of.
 * Each character is an outline from the font the project ships (Noto Sans SC Bold, OFL, the npm package
 * @openfonts/noto-sans-sc_all), set with its own rotation, scale, colour and offset, overlapping its neighbours, over a
 * background that varies, crossed by noise lines and dots, then bent a little as a whole and rasterized by sharp
 * (libvips + librsvg). Two drawings of the same text differ.
 *
 * The outlines are read from the font once per process (about half a second) and only they are kept.
 */
import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import sharp from 'sharp';
import { woffToSfnt } from '../fonts/woff';

export const CAPTCHA_WIDTH = 200;
export const CAPTCHA_HEIGHT = 64;
/**
 * Shown in capitals and checked without case. Left out because people confuse them when tilted: 0/O/Q/D, 1/I/L,
 * 2/Z, 5/S, 8/B, U/V, and G/6.
 */
export const CAPTCHA_ALPHABET = 'ACEFHJKMNPRTWXY34679';

interface Outline {
  /** SVG path data in font units, y pointing up. */
  d: string;
  width: number;
  /** Middle of the ink box, to rotate and scale each character about its own centre. */
  cx: number;
  cy: number;
}

let outlines: Promise<{ unitsPerEm: number; glyphs: Map<string, Outline> }> | null = null;

async function loadOutlines() {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@openfonts/noto-sans-sc_all/package.json'));
  const bytes = woffToSfnt(await readFile(path.join(dir, 'files', 'noto-sans-sc-all-700.woff')));
  const font = fontkit.create(bytes) as fontkit.Font;
  const glyphs = new Map<string, Outline>();
  for (const ch of CAPTCHA_ALPHABET) {
    const glyph = font.glyphsForString(ch)[0];
    if (!glyph || glyph.id === 0) throw new Error(`the captcha font has no glyph for ${ch}`);
    const box = glyph.bbox;
    glyphs.set(ch, {
      d: glyph.path.toSVG(),
      width: glyph.advanceWidth,
      cx: (box.minX + box.maxX) / 2,
      cy: (box.minY + box.maxY) / 2,
    });
  }
  return { unitsPerEm: font.unitsPerEm, glyphs };
}

/** A random number in [min, max), from the CSPRNG so one drawing says nothing about the next. */
function between(min: number, max: number): number {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

const round = (n: number) => Math.round(n * 10) / 10;

/** HSL colours: a light, low-contrast background pair; dark, saturated ink; noise in between. */
const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${round(h)},${round(s)}%,${round(l)}%,${a})`;

export async function drawCaptcha(text: string): Promise<Buffer> {
  // Loaded once; a failed load is tried again by the next drawing.
  outlines ??= loadOutlines().catch((err) => {
    outlines = null;
    throw err;
  });
  const { unitsPerEm, glyphs } = await outlines;
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const hue = between(0, 360);
  const parts: string[] = [];

  // Background: a gradient between two light tints at a random angle, with soft blobs.
  const angle = between(0, 180);
  parts.push(
    `<defs><linearGradient id="bg" gradientTransform="rotate(${round(angle)} .5 .5)">` +
      `<stop offset="0" stop-color="${hsl(hue, between(40, 70), between(88, 95))}"/>` +
      `<stop offset="1" stop-color="${hsl(hue + between(60, 160), between(40, 70), between(86, 94))}"/>` +
      `</linearGradient>` +
      // A gentle wave over the whole text: the outlines in the picture are no longer the font's.
      `<filter id="bend" x="-10%" y="-10%" width="120%" height="120%">` +
      `<feTurbulence type="fractalNoise" baseFrequency="${round(between(0.015, 0.03) * 100) / 100}" numOctaves="2" seed="${randomInt(1, 10_000)}"/>` +
      `<feDisplacementMap in="SourceGraphic" scale="${round(between(4, 7))}" xChannelSelector="R" yChannelSelector="G"/>` +
      `</filter></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
  );
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<circle cx="${round(between(0, W))}" cy="${round(between(0, H))}" r="${round(between(8, 26))}" ` +
        `fill="${hsl(hue + between(-90, 90), 50, between(70, 85), 0.35)}"/>`,
    );
  }

  // Noise behind the text: thin curves in ink-like colours, so colour alone does not separate text from noise.
  const curve = (width: number, alpha: number) => {
    const y = () => round(between(6, H - 6));
    return (
      `<path d="M${round(between(-10, 20))} ${y()} C${round(between(30, 80))} ${y()} ${round(between(110, 170))} ${y()} ` +
      `${round(between(180, W + 10))} ${y()}" fill="none" stroke="${hsl(hue + between(-60, 60), 60, between(25, 50), alpha)}" ` +
      `stroke-width="${round(width)}"/>`
    );
  };
  for (let i = 0; i < 4; i++) parts.push(curve(between(0.8, 1.6), 0.7));

  // The characters: each scaled, turned and shifted on its own, advancing less than its width so neighbours touch.
  const chars = [...text];
  const size = between(52, 58);
  const unit = size / unitsPerEm;
  const advances = chars.map((ch) => glyphs.get(ch)!.width * unit * between(0.78, 0.92));
  const total = advances.reduce((a, b) => a + b, 0);
  let x = (W - total) / 2 + between(-6, 6);
  const letters: string[] = [];
  for (const [i, ch] of chars.entries()) {
    const g = glyphs.get(ch)!;
    const sx = unit * between(0.85, 1.2);
    const sy = unit * between(0.85, 1.15);
    const centreX = x + advances[i]! / 2;
    const centreY = H / 2 + between(-4, 4);
    const turn = between(-25, 25);
    const colour = hsl(hue + between(-120, 120), between(55, 85), between(18, 38));
    letters.push(
      `<path d="${g.d}" fill="${colour}" transform="translate(${round(centreX)} ${round(centreY)}) rotate(${round(turn)}) ` +
        `scale(${sx.toFixed(4)} ${(-sy).toFixed(4)}) translate(${round(-g.cx)} ${round(-g.cy)})"/>`,
    );
    x += advances[i]!;
  }
  parts.push(`<g filter="url(#bend)">${letters.join('')}</g>`);

  // Noise over the text: one line through it in an ink colour, and dots.
  parts.push(curve(between(1.6, 2.4), 0.8));
  for (let i = 0; i < 70; i++) {
    parts.push(
      `<circle cx="${round(between(0, W))}" cy="${round(between(0, H))}" r="${round(between(0.5, 1.4))}" ` +
        `fill="${hsl(hue + between(-180, 180), 50, between(20, 60), 0.8)}"/>`,
    );
  }

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 6, palette: false }).toBuffer();
}

/** A code of `length` characters from the alphabet, from the CSPRNG. */
export function captchaText(length = 4): string {
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return text;
}
