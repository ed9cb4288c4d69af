/**
 * Step 2's choices kept in this browser until they are saved (issue 9: a refresh forgot the territories and the
 * release date). Step 2 only reaches the server when the musician presses Next (it moves the work on), so what
 * they picked before is kept locally, per work, and cleared once saved or after a week.
 */
import type { Territory } from '@trackline/contract/work-model';

export interface ScopeDraft {
  platforms: string[] | null;
  worldwide: boolean;
  territories: Territory[];
  releaseDate: string | null;
}

const PREFIX = 'scope-draft:';
const MAX_AGE_MS = 7 * 86_400_000;

export function readScopeDraft(workId: number): ScopeDraft | null {
  try {
    const raw = localStorage.getItem(`${PREFIX}${workId}`);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as ScopeDraft & { savedAt: number };
    if (Date.now() - parsed.savedAt > MAX_AGE_MS) {
      localStorage.removeItem(`${PREFIX}${workId}`);
      return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

export function writeScopeDraft(workId: number, draft: ScopeDraft): void {
  try {
    localStorage.setItem(`${PREFIX}${workId}`, JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    // A full or disabled storage only loses the convenience.
  }
}

export function clearScopeDraft(workId: number): void {
  try {
    localStorage.removeItem(`${PREFIX}${workId}`);
  } catch {
    // nothing to clear
  }
}
