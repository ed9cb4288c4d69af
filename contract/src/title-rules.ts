/**
 * Pre-review rules for titles and artist names: what an editor (and the stores behind them) would reject.
 * Pure and zod-free: the web runs them live as the musician types, the server runs them again at pre-review.
 * Each broken rule is a RuleIssue; texts in rule-texts.ts.
 */
import type { RuleIssue } from './works-types';

export const TEXT_MAX = 200;

/** Store and platform names: a title or artist naming one is refused (case-insensitive). */
export const STORE_NAMES = [
  'QQ音乐',
  '酷狗',
  '酷我',
  '网易云',
  'Apple Music',
  'iTunes',
  'Spotify',
  'YouTube',
  'Amazon',
  '抖音',
  'TikTok',
  'Deezer',
  'Tidal',
  'JOOX',
] as const;

/**
 * Store names that are also ordinary words ("Tidal Wave", "Amazon Rain"): only a warning, so a real title is never
 * blocked by a coincidence; the editor decides.
 */
const AMBIGUOUS_STORE_NAMES = new Set(['amazon', 'tidal']);

/** Word edges for latin words: Chinese characters around them count as edges ("在Spotify上", "爱你feat.某某"). */
const NOT_WORD_BEFORE = '(?<![\\p{Script=Latin}\\p{N}])';
const NOT_WORD_AFTER = '(?![\\p{Script=Latin}\\p{N}])';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Latin names match as whole words (so "Tidal" is not found in "Tidally"); Chinese ones anywhere. */
const STORE_PATTERNS = STORE_NAMES.map((name) => ({
  name,
  re: /^[\x20-\x7e]+$/.test(name)
    ? new RegExp(`${NOT_WORD_BEFORE}${escapeRegExp(name).replace(/ /g, '\\s*')}${NOT_WORD_AFTER}`, 'iu')
    : new RegExp(escapeRegExp(name), 'iu'),
}));

/** feat, feat., ft., featuring as words; "Defeat", "Feather" and "ft" without its dot are not. */
const FEAT_RE = new RegExp(
  `${NOT_WORD_BEFORE}(?:feat(?:\\.|${NOT_WORD_AFTER})|ft\\.|featuring${NOT_WORD_AFTER})`,
  'iu',
);
const EXPLICIT_RE = new RegExp(`${NOT_WORD_BEFORE}explicit${NOT_WORD_AFTER}`, 'iu');

const EMAIL_RE = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/i;
/** @name (latin or Chinese, as on Weibo) not preceded by what an e-mail address has before its @. */
const HANDLE_RE = /(?<![a-z0-9._%+-])@[\p{L}\p{N}_.]*[\p{L}\p{N}_]/iu;
const URL_RE = new RegExp(
  [
    '(?:https?|ftp)://\\S+',
    'www\\.\\S+',
    // a bare domain: name.tld(/path), with a common top-level domain
    `${NOT_WORD_BEFORE}[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:com|net|org|cn|io|me|co|tv|fm|app|xyz|top|cc|info|biz|ly|be|gl|to|music|site|online|vip|link)${NOT_WORD_AFTER}(?:/\\S*)?`,
  ].join('|'),
  'iu',
);

const ROMAN_RE = /^M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/;
/** Latin words, apostrophes inside a word kept (DON'T is one word of 4 letters). */
const LATIN_WORD_RE = /\p{Script=Latin}+(?:['’]\p{Script=Latin}+)*/gu;

/**
 * ALL CAPS: the words that are not acronyms of up to 3 letters or Roman numerals hold at least 4 latin letters
 * and none of them is lowercase. "DJ", "II", "I AM OK" pass; "LOVE", "DON'T", "LOVE II" do not.
 */
export function isAllCaps(value: string): boolean {
  let letters = 0;
  for (const [word] of value.matchAll(LATIN_WORD_RE)) {
    const plain = word.replace(/['’]/g, '');
    if (plain !== plain.toUpperCase()) return false;
    if (plain.length <= 3 || ROMAN_RE.test(plain)) continue;
    letters += plain.length;
  }
  return letters >= 4;
}

function issue(
  rule: string,
  field: string,
  severity: RuleIssue['severity'] = 'error',
  params?: RuleIssue['params'],
): RuleIssue {
  return params ? { rule, field, severity, params } : { rule, field, severity };
}

/** Presence and length; null when there is nothing more to check (an empty value). */
function basicIssues(value: string | null | undefined, field: string, out: RuleIssue[]): string | null {
  const text = (value ?? '').trim();
  if (text === '') {
    out.push(issue('text.required', field));
    return null;
  }
  const length = Array.from(text).length;
  if (length > TEXT_MAX) out.push(issue('text.too_long', field, 'error', { max: TEXT_MAX, length }));
  return text;
}

/** URLs, e-mail addresses, @handles and store names: refused in titles and artist names alike. */
function contactIssues(text: string, field: string, out: RuleIssue[]): void {
  const email = EMAIL_RE.exec(text);
  if (email) out.push(issue('text.email', field, 'error', { match: email[0] }));
  const withoutEmail = email ? text.replace(email[0], ' ') : text;
  const url = URL_RE.exec(withoutEmail);
  if (url) out.push(issue('text.url', field, 'error', { match: url[0] }));
  const handle = HANDLE_RE.exec(withoutEmail);
  if (handle) out.push(issue('text.handle', field, 'error', { match: handle[0] }));
  for (const { name, re } of STORE_PATTERNS) {
    const found = re.exec(text);
    if (!found) continue;
    const severity = AMBIGUOUS_STORE_NAMES.has(name.toLowerCase()) ? 'warning' : 'error';
    out.push(issue('text.store_name', field, severity, { match: found[0] }));
  }
}

/** A work's or track's title (or version): the store rules an editor would reject it for. */
export function titleIssues(value: string | null | undefined, field: string): RuleIssue[] {
  const out: RuleIssue[] = [];
  const text = basicIssues(value, field, out);
  if (text === null) return out;
  const feat = FEAT_RE.exec(text);
  if (feat) out.push(issue('title.feat', field, 'error', { match: feat[0] }));
  const explicit = EXPLICIT_RE.exec(text);
  if (explicit) out.push(issue('title.explicit', field, 'error', { match: explicit[0] }));
  if (isAllCaps(text)) out.push(issue('title.all_caps', field));
  contactIssues(text, field, out);
  return out;
}

/**
 * One artist name (primary, featured, lyricist, composer…). ALL CAPS only warns here: some artists are known that
 * way (stylized names), which editors accept.
 */
export function artistIssues(value: string | null | undefined, field: string): RuleIssue[] {
  const out: RuleIssue[] = [];
  const text = basicIssues(value, field, out);
  if (text === null) return out;
  const feat = FEAT_RE.exec(text);
  if (feat) out.push(issue('artist.feat', field, 'error', { match: feat[0] }));
  const separator = /[,，、;；/]/.exec(text);
  if (separator) out.push(issue('artist.multiple', field, 'warning', { match: separator[0] }));
  if (isAllCaps(text)) out.push(issue('artist.all_caps', field, 'warning'));
  contactIssues(text, field, out);
  return out;
}
