/**
 * Where a musician was when their session ended on its own (issue 9: an expired session dropped them on the guest
 * home silently). The page is remembered in this tab; after the next login they come back to it, not to the entry.
 */
import { STORAGE_KEYS } from './storage-keys';

const KEY = STORAGE_KEYS.returnTo;

/** Only our own pages: a path on this site, never another origin ("//evil", "https:…"). */
function isOwnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function rememberReturnTo(path: string): void {
  if (!isOwnPath(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // no storage: the login goes to the entry page as before
  }
}

/** The remembered page, left in place (the guard sends a logged-in visitor of the login page there). */
export function peekReturnTo(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    return path && isOwnPath(path) ? path : null;
  } catch {
    return null;
  }
}

/** Forgotten once the musician is back on it, logged in (the site layout does this). */
export function clearReturnTo(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
