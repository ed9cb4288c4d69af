/**
 * i18next set up once. zh-CN (the default and the fallback) is bundled; English is a chunk of its own,
 * loaded before the first render when it is the remembered choice (else the browser's preference), or on switching
 * to it. The choice is remembered in localStorage. (dayjs follows the language where antd needs it: lib/antd-feedback.ts.)
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { zhCN } from './zh-cn';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

function isLanguage(value: unknown): value is Language {
  return value === 'zh-CN' || value === 'en';
}

/**
 * Until the visitor chooses, the browser's own preference (the list its Accept-Language is made from): the first
 * Chinese or English entry decides, anything else means Chinese (issue 9: an English browser always got zh-CN).
 */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(STORAGE_KEYS.language);
    if (isLanguage(value)) return value;
  } catch {
    // no storage: follow the browser
  }
  return browserLanguage(navigator.languages?.length ? navigator.languages : [navigator.language ?? '']);
}

/** Adds a language's texts unless they are there already (zh-CN always is). */
async function loadTexts(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { en } = await import('./en');
  i18n.addResourceBundle('en', 'translation', en, true, true);
}

function apply(language: Language): Promise<unknown> {
  document.documentElement.lang = language;
  return i18n.changeLanguage(language);
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
});
document.documentElement.lang = DEFAULT_LANGUAGE;

/**
 * Settles once the remembered language's texts are in, so the first render is already in that language
 * (at once for zh-CN). If English cannot be loaded the UI starts in Chinese.
 */
export const i18nReady: Promise<void> = (async () => {
  const initial = storedLanguage();
  if (initial === DEFAULT_LANGUAGE) return;
  try {
    await loadTexts(initial);
    await apply(initial);
  } catch (error) {
    console.error(`The ${initial} texts could not be loaded`, error);
  }
})();

/** The language the UI shows now; also what the API client sends as Accept-Language. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export function setLanguage(language: Language): void {
  loadTexts(language).then(
    () => {
      try {
        window.localStorage.setItem(STORAGE_KEYS.language, language);
      } catch {
        // Not remembered in privacy mode; the switch still applies to this visit.
      }
      void apply(language);
    },
    (error: unknown) => console.error(`The ${language} texts could not be loaded`, error),
  );
}

export { i18n };
