/**
 * A design with undo and redo. `change` records a step; `preview` replaces the current state without one (a drag in
 * progress), and the drag's `commit` records it once. At most 100 steps are kept.
 */
import type { CoverDesign } from '@trackline/contract/covers';
import { useCallback, useState } from 'react';

interface History {
  past: CoverDesign[];
  present: CoverDesign | null;
  future: CoverDesign[];
  /** The state before an uncommitted preview (a drag), so its commit records one step. */
  base: CoverDesign | null;
}

const LIMIT = 100;

export function useDesignHistory(initial: CoverDesign | null = null) {
  const [h, setH] = useState<History>({ past: [], present: initial, future: [], base: null });
  const change = useCallback(
    (next: CoverDesign) =>
      setH((s) => ({
        past: s.present ? [...s.past, s.base ?? s.present].slice(-LIMIT) : s.past,
        present: next,
        future: [],
        base: null,
      })),
    [],
  );
  const preview = useCallback(
    (next: CoverDesign) => setH((s) => ({ ...s, present: next, base: s.base ?? s.present })),
    [],
  );
  const commit = useCallback(
    () =>
      setH((s) =>
        s.base && s.present
          ? { past: [...s.past, s.base].slice(-LIMIT), present: s.present, future: [], base: null }
          : s,
      ),
    [],
  );
  /** Starts afresh (a new proposal picked, a design opened): nothing to undo. */
  const reset = useCallback(
    (next: CoverDesign | null) => setH({ past: [], present: next, future: [], base: null }),
    [],
  );
  const undo = useCallback(
    () =>
      setH((s) =>
        s.past.length && s.present
          ? {
              past: s.past.slice(0, -1),
              present: s.past[s.past.length - 1]!,
              future: [s.present, ...s.future],
              base: null,
            }
          : s,
      ),
    [],
  );
  const redo = useCallback(
    () =>
      setH((s) =>
        s.future.length && s.present
          ? { past: [...s.past, s.present], present: s.future[0]!, future: s.future.slice(1), base: null }
          : s,
      ),
    [],
  );
  return {
    design: h.present,
    change,
    preview,
    commit,
    reset,
    undo,
    redo,
    canUndo: h.past.length > 0,
    canRedo: h.future.length > 0,
  };
}
