/**
 * The route guard of spec §2, as a pure function so the router loader and the session watcher agree:
 * - with a token, login and guest paths redirect to the publishing entry;
 * - without one, only login, guest, register, help-center, download, hot-plan and advisory paths are
 *   open (matched on the first path segment); anything else goes to the guest home.
 * The staff console (/admin) is not under this guard: it has its own login.
 */
import { GUEST_HOME, LOGGED_IN_HOME } from '../lib/routes';

const PUBLIC_SECTIONS = new Set(['login', 'guest', 'register', 'help-center', 'download', 'hot-plan', 'advisory']);
const GUEST_ONLY_SECTIONS = new Set(['login', 'guest']);

function firstSegment(pathname: string): string {
  return pathname.split('/').find((segment) => segment !== '') ?? '';
}

/**
 * Where to go instead of `pathname`, or null when it may be shown. `home` is where a logged-in visitor of a
 * guest-only page goes: the publishing entry, or the page an ended session left (lib/return-to.ts).
 */
export function guardRedirect(pathname: string, withToken: boolean, home: string = LOGGED_IN_HOME): string | null {
  const section = firstSegment(pathname);
  if (withToken) return GUEST_ONLY_SECTIONS.has(section) ? home : null;
  return PUBLIC_SECTIONS.has(section) ? null : GUEST_HOME;
}

/** `/` is not a page: it sends each visitor to their home. */
export function homeFor(withToken: boolean): string {
  return withToken ? LOGGED_IN_HOME : GUEST_HOME;
}
