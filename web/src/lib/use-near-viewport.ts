import { type RefCallback, useCallback, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and from then on). Content far below the
 * fold fetches its data when the visitor scrolls towards it, not while the first screen is being shown.
 * Without IntersectionObserver it is true at once.
 */
export function useNearViewport<T extends Element>(margin = '400px'): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback<RefCallback<T>>(
    (element) => {
      if (!element || near) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          setNear(true);
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin, near],
  );
  return [ref, near];
}
