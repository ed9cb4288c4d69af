/**
 * Every key the app keeps in browser storage, in one place, so logout can clear "everything but the
 * language" without guessing.
 */
export const STORAGE_KEYS = {
  // No session token or user: the session is the HttpOnly cookie alone (lib/session.ts).
  /** The chosen UI language; survives logout. */
  language: 'lang',
  /** sessionStorage: the page an ended session left, to return to after the next login (lib/return-to.ts). */
  returnTo: 'return-to',
} as const;
