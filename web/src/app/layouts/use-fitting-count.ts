/**
 * How many of a row's items fit in its container (issue 9: in English at 1366 and 1440 px the header's last items,
 * "Help center" among them, were cut off behind a sideways scroll). The items are measured in a hidden copy of the
 * row (`measure`: its children are the items, then the "more" control), so the answer holds for any language, site
 * title or logo; it is worked out again whenever the container or the measured row changes size (a window resize,
 * a language switch, a badge appearing).
 */
import { type RefObject, useLayoutEffect, useState } from 'react';

/** Items that fit in `available` px with `gap` between them, keeping room for the "more" control when not all do. */
export function fittingCount(widths: readonly number[], moreWidth: number, gap: number, available: number): number {
  const all = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
  if (all <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  while (count < widths.length && used + gap + widths[count]! <= available) {
    used += gap + widths[count]!;
    count += 1;
  }
  return count;
}

export function useFittingCount(
  container: RefObject<HTMLElement | null>,
  measure: RefObject<HTMLElement | null>,
  total: number,
  gap: number,
): number {
  const [count, setCount] = useState(total);
  useLayoutEffect(() => {
    const box = container.current;
    const row = measure.current;
    if (!box || !row) return;
    const fit = () => {
      const children = Array.from(row.children) as HTMLElement[];
      // whole pixels up: the row lays fractional widths out with rounding, so sums of exact widths can be a pixel short
      const widths = children.slice(0, total).map((c) => Math.ceil(c.getBoundingClientRect().width));
      const more = Math.ceil(children[total]?.getBoundingClientRect().width ?? 0);
      setCount(fittingCount(widths, more, gap, box.clientWidth));
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    observer.observe(row);
    return () => observer.disconnect();
  }, [container, measure, total, gap]);
  return count;
}
