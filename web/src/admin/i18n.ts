/**
 * The console's texts live in their own i18next namespace, added when the console chunk loads, so
 * the shared i18n files (and the musicians' bundle) do not carry them.
 *
 * The shared `i18next.d.ts` types only the 'translation' namespace, so `useTranslation('admin')` does
 * not typecheck; `useAdminT` gives the same translations with the console's own typed keys instead.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n as i18next } from '../i18n';
import { adminEn } from './locales/en';
import type { AdminKey } from './locales/types';
import { adminZhCN } from './locales/zh-cn';

export type { AdminKey } from './locales/types';

export const ADMIN_NS = 'admin';

i18next.addResourceBundle('zh-CN', ADMIN_NS, adminZhCN, true, true);
i18next.addResourceBundle('en', ADMIN_NS, adminEn, true, true);

export type AdminT = (key: AdminKey, values?: Record<string, string | number>) => string;

type UntypedT = (key: string, options: Record<string, unknown>) => string;

/** The console's translate function; re-renders the caller when the language changes. */
export function useAdminT(): { t: AdminT; language: string } {
  // The hook subscribes the component to language changes; the namespace is read through i18n.t.
  const { i18n } = useTranslation();
  const language = i18n.language;
  const t = useCallback<AdminT>(
    (key, values) => (i18n.t as unknown as UntypedT).call(i18n, key, { ...values, ns: ADMIN_NS, lng: language }),
    [i18n, language],
  );
  return { t, language };
}
