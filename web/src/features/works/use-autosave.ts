/**
 * Saving as you go: `touch()` after each edit schedules a save `delay` ms after the last one; `flush()` saves now
 * (a step's "Next", leaving the page) and settles with whether everything is saved. Saves never overlap: one that
 * is asked for while another runs waits for it, then sends the newest copy. A failed save keeps the work dirty and
 * is tried again on the next edit or flush. Leaving the page with unsaved edits saves them on the way out and asks
 * the browser to warn before the tab closes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface Autosave {
  status: SaveStatus;
  savedAt: Date | null;
  touch: () => void;
  flush: () => Promise<boolean>;
}

export function useAutosave(save: () => Promise<void>, delay = 1500): Autosave {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;
  const dirty = useRef(false);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);

  const clearTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  /** One save of the newest copy, after any save still running; true when it (or nothing) had to be saved. */
  const saveOnce = useCallback(async (): Promise<boolean> => {
    while (running.current) await running.current;
    if (!dirty.current) return true;
    dirty.current = false;
    if (mounted.current) setStatus('saving');
    const attempt = saveRef.current().then(
      () => true,
      (error: unknown) => {
        console.error('Saving the work failed', error);
        dirty.current = true;
        return false;
      },
    );
    running.current = attempt;
    const ok = await attempt;
    running.current = null;
    if (mounted.current) {
      if (ok) setSavedAt(new Date());
      setStatus(ok ? (dirty.current ? 'pending' : 'saved') : 'error');
    }
    return ok;
  }, []);

  /** Saves until nothing is left to save (edits made meanwhile included), or a save fails. */
  const flush = useCallback(async (): Promise<boolean> => {
    clearTimer();
    do {
      if (!(await saveOnce())) return false;
    } while (dirty.current);
    return true;
  }, [saveOnce, clearTimer]);

  const touch = useCallback(() => {
    dirty.current = true;
    setStatus((s) => (s === 'saving' ? s : 'pending'));
    clearTimer();
    timer.current = setTimeout(() => void saveOnce(), delay);
  }, [delay, saveOnce, clearTimer]);

  useEffect(() => {
    mounted.current = true;
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty.current || running.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      mounted.current = false;
      // Leaving the step: what was typed since the last save goes out now.
      if (dirty.current) void flush();
      else clearTimer();
    };
  }, [flush, clearTimer]);

  return { status, savedAt, touch, flush };
}
