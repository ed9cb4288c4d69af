/**
 * What the content calls share: the server answers in the caller's language (Accept-Language), so every key
 * holds the UI language and a switch refetches. Keys start with 'site': content is not the user's and
 * survives logout. Calls are `silent`: the pages render their own loading, empty, error and not-found states.
 */
import { errorCatalogue } from '@trackline/contract/errors';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';

export const CONTENT_OPTIONS = { silent: true } as const;

/** How long content stays fresh: it changes when staff publish, not while someone reads. */
export const CONTENT_STALE_MS = 5 * 60_000;

/** The key of a content call in `language`: for code outside components (route loaders). */
export function contentKey(name: string, language: string, params?: unknown): readonly unknown[] {
  return ['site', 'content', name, language, params ?? null];
}

export function useContentKey(name: string, params?: unknown): readonly unknown[] {
  const { i18n } = useTranslation();
  return contentKey(name, i18n.language, params);
}

/** Unknown ids answer 2044: the page shows its not-found state. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.code === errorCatalogue.NOT_FOUND.code;
}

/** A positive integer from a query parameter, or null. */
export function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}
