/** The cover maker (issue 14): what the calls answer. Requests and the design document: covers.ts. */
import type { BackgroundCategory, BackgroundSpec, CoverDesign, CoverFont, TextEffectKind } from './covers';
import type { RuleIssue } from './works-types';

export interface CoverBackground {
  id: number;
  category: BackgroundCategory;
  name: string;
  /** A small render (public URL). */
  thumb: string;
  /** Colours drawn from the background, darkest first: proposals pick text colours from it. */
  palette: string[];
  spec: BackgroundSpec;
}

/** GET /api/ai.cover/bglist */
export interface BgList {
  categories: Array<{ category: BackgroundCategory; name: string; backgrounds: CoverBackground[] }>;
}

export interface EffectParam {
  name: 'color' | 'size' | 'dx' | 'dy' | 'opacity';
  min?: number;
  max?: number;
  step?: number;
  default: number | string;
}

/** GET /api/ai.cover/shadow: each text effect with its parameters and defaults. */
export interface ShadowList {
  effects: Array<{ kind: TextEffectKind; name: string; params: EffectParam[] }>;
}

export interface CoverFontInfo {
  id: CoverFont;
  family: string;
  weight: number;
  name: string;
  licence: string;
}

/** POST /api/ai.cover/propose */
export interface Proposals {
  meta: { title: string; artist: string; label: string; genre: string };
  designs: CoverDesign[];
}

/** A rule of the export checks, with its text in both languages (the envelope's msg is the caller's). */
export interface CoverIssue extends RuleIssue {
  text: { 'zh-CN': string; en: string };
}

/** POST /api/ai.cover/preview */
export interface CoverPreview {
  image: string;
  warnings: CoverIssue[];
}

/** POST /api/ai.cover/export: a cover that passed every check, stored among the musician's files. */
export interface CoverExport {
  key: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  warnings: CoverIssue[];
  ms: number;
}

export interface SavedDesign {
  id: number;
  name: string;
  work_id: number | null;
  design: CoverDesign;
  updated_at: string;
}
