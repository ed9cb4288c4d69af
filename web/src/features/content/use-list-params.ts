import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { positiveInt } from './content-query';

/**
 * A list's page and filters live in the URL (?page=N&category=ID&keyword=…) so every state is linkable.
 * Changing a filter goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const page = positiveInt(params.get('page')) ?? 1;
  const category = positiveInt(params.get('category'));
  const keyword = params.get('keyword')?.trim() ?? '';

  const hrefWith = useCallback(
    (changes: Record<string, string | number | null>) => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      if (next.get('page') === '1') next.delete('page');
      const query = next.toString();
      return query ? `${pathname}?${query}` : pathname;
    },
    [params, pathname],
  );

  const goToPage = useCallback(
    (nextPage: number) => {
      setParams(new URLSearchParams(hrefWith({ page: nextPage }).split('?')[1] ?? ''));
      window.scrollTo({ top: 0 });
    },
    [hrefWith, setParams],
  );

  return { page, category, keyword, hrefWith, goToPage, setParams };
}
