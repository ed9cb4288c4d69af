import { useEffect } from 'react';

/**
 * Sets the page's `<meta name="description">` while the calling page is shown (public pages are meant to
 * be findable: spec issue 4). The previous text comes back when the page goes away.
 */
export function useMetaDescription(text: string | undefined): void {
  useEffect(() => {
    const content = text?.replace(/\s+/g, ' ').trim();
    if (!content) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = content.length > 160 ? `${content.slice(0, 157)}…` : content;
    return () => {
      if (meta) meta.content = previous;
    };
  }, [text]);
}
