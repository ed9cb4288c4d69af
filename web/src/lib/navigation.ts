/**
 * Navigation for code outside React (the API client, logout). The router registers itself at start;
 * before that (or in a test) a full page load is the fallback.
 */
type Navigator = (to: string, options: { replace?: boolean }) => unknown;

let navigator: Navigator | null = null;

export function registerNavigator(next: Navigator): void {
  navigator = next;
}

function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * Navigating to where we already are is a no-op, and a navigation that fails because another one
 * superseded it is swallowed (spec §8: duplicate navigation errors are swallowed).
 */
export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (to === currentLocation()) return;
  if (!navigator) {
    window.location.assign(to);
    return;
  }
  Promise.resolve(navigator(to, options)).catch(() => undefined);
}
