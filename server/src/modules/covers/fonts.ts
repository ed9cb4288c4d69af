/**
 * The fonts covers are set in: Noto Sans SC and Noto Serif SC (regular and bold; SIL Open Font License 1.1), shipped
 * as TrueType files by the npm packages @expo-google-fonts/noto-sans-sc and @expo-google-fonts/noto-serif-sc (server
 * dependencies, so `npm install` brings them on any machine). Both cover CJK and Latin.
 *
 * The renderer (sharp → librsvg → pango → fontconfig) finds fonts through fontconfig, so this module writes a
 * fonts.conf that lists these files' folders and nothing else, and points FONTCONFIG_FILE at it before the first
 * text is drawn. Listing only our own fonts makes a render the same on every machine (no system font can stand
 * in), and a machine without any CJK font draws Chinese all the same.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CoverFont } from '@trackline/contract/covers';
import type { CoverFontInfo } from '@trackline/contract/covers-types';

const require = createRequire(import.meta.url);

interface FontFile extends CoverFontInfo {
  file: string;
}

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

const SANS = '@expo-google-fonts/noto-sans-sc';
const SERIF = '@expo-google-fonts/noto-serif-sc';
const OFL = 'SIL Open Font License 1.1';

export const FONTS: Record<CoverFont, FontFile> = {
  'noto-sans-sc': {
    id: 'noto-sans-sc',
    family: 'Noto Sans SC',
    weight: 400,
    name: '思源黑体 Noto Sans SC',
    licence: OFL,
    file: path.join(packageDir(SANS), '400Regular', 'NotoSansSC_400Regular.ttf'),
  },
  'noto-sans-sc-bold': {
    id: 'noto-sans-sc-bold',
    family: 'Noto Sans SC',
    weight: 700,
    name: '思源黑体 粗 Noto Sans SC Bold',
    licence: OFL,
    file: path.join(packageDir(SANS), '700Bold', 'NotoSansSC_700Bold.ttf'),
  },
  'noto-serif-sc': {
    id: 'noto-serif-sc',
    family: 'Noto Serif SC',
    weight: 400,
    name: '思源宋体 Noto Serif SC',
    licence: OFL,
    file: path.join(packageDir(SERIF), '400Regular', 'NotoSerifSC_400Regular.ttf'),
  },
  'noto-serif-sc-bold': {
    id: 'noto-serif-sc-bold',
    family: 'Noto Serif SC',
    weight: 700,
    name: '思源宋体 粗 Noto Serif SC Bold',
    licence: OFL,
    file: path.join(packageDir(SERIF), '700Bold', 'NotoSerifSC_700Bold.ttf'),
  },
};

export function fontList(): CoverFontInfo[] {
  return Object.values(FONTS).map(({ file: _file, ...info }) => info);
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Writes the fonts.conf (once per set of font folders) and points fontconfig at it. Runs on import, before any
 * module of ours draws text.
 */
function configureFontconfig(): string {
  const dirs = [...new Set(Object.values(FONTS).map((f) => path.dirname(f.file)))];
  const id = createHash('sha256').update(dirs.join('\n')).digest('hex').slice(0, 12);
  const dir = path.join(tmpdir(), `trackline-fonts-${id}`);
  mkdirSync(path.join(dir, 'cache'), { recursive: true });
  const conf = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    ...dirs.map((d) => `  <dir>${escapeXml(d)}</dir>`),
    `  <cachedir>${escapeXml(path.join(dir, 'cache'))}</cachedir>`,
    '</fontconfig>',
    '',
  ].join('\n');
  const file = path.join(dir, 'fonts.conf');
  writeFileSync(file, conf);
  process.env.FONTCONFIG_FILE = file;
  return file;
}

export const FONTCONFIG_FILE = configureFontconfig();
