/**
 * i18next set up once, synchronously (both languages are small and bundled), so the first render is
 * already in the right language. zh-CN is the default; the choice is remembered in localStorage.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { en } from './en';
import { zhCN } from './zh-cn';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

function isLanguage(value: unknown): value is Language {
  return value === 'zh-CN' || value === 'en';
}

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
  dayjs.locale(language === 'en' ? 'en' : 'zh-cn');
}

const initial = storedLanguage();
applyToDocument(initial);

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
});

/** The language the UI shows now; also what the API client sends as Accept-Language. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export function setLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Not remembered in privacy mode; the switch still applies to this visit.
  }
  applyToDocument(language);
  void i18n.changeLanguage(language);
}

export { i18n };
