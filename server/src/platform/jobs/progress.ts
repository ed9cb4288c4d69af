/**
 * Progress of a long job (a million-line import, a batch of payouts). It belongs to the domain: each keeps it
 * beside the record the console already shows (an import's `rows_done`/`rows_total`, a delivery's state), so a
 * progress bar reads one row the domain owns, and the meaning of "done" stays the domain's. The platform only
 * keeps those writes few: a loop reports at every step, the row is written at most once per interval.
 */
export interface ProgressWriter<T> {
  /** Records the value if the last write is older than the interval; otherwise keeps it for the next one. */
  report(value: T): Promise<void>;
  /** Writes the last value reported, if it was held back (call it when the loop ends). */
  flush(): Promise<void>;
}

export function progressWriter<T>(write: (value: T) => Promise<void>, everyMs = 1000): ProgressWriter<T> {
  let lastWrite = 0;
  let held: { value: T } | undefined;
  return {
    async report(value) {
      const now = Date.now();
      if (now - lastWrite < everyMs) {
        held = { value };
        return;
      }
      lastWrite = now;
      held = undefined;
      await write(value);
    },
    async flush() {
      if (!held) return;
      const { value } = held;
      held = undefined;
      lastWrite = Date.now();
      await write(value);
    },
  };
}
