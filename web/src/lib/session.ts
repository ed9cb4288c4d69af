/**
 * The musician session as the browser sees it (spec §4). The token lives only in the HttpOnly cookie the server
 * sets: no page script can read it, so none is kept here, in localStorage, sessionStorage or a readable cookie (an
 * injected script would otherwise carry the session away). "With a token" in the route guard means "logged in" as
 * /api/user/info (or a login's answer) last said; a page opened fresh (a new tab too) asks once before the guard
 * decides (features/account/session-probe.ts). Components read it through `useLoggedIn`, so the guard reacts when
 * a call ends the session. Tabs tell each other when the session starts or ends.
 */
import type { UserInfo } from '@trackline/contract/account';
import { useSyncExternalStore } from 'react';
import { queryClient } from './query-client';
import { QUERY_KEYS } from './query-keys';
import { STORAGE_KEYS } from './storage-keys';

export type SessionStatus = 'unknown' | 'in' | 'out';

let status: SessionStatus = 'unknown';
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Versions before the cookie-only session kept the token and the user here: forget them.
try {
  window.localStorage.removeItem('token');
  window.localStorage.removeItem('userinfo');
} catch {
  // Storage can be unavailable (privacy mode); there is then nothing to forget.
}

// Another tab logging in or out: the cookie is shared, so this tab follows at once.
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('trackline-session') : null;
channel?.addEventListener('message', (event: MessageEvent<SessionStatus>) => {
  if (event.data === 'in' && status !== 'in') {
    status = 'in';
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.userInfo });
    notify();
  } else if (event.data === 'out' && status !== 'out') {
    forget();
  }
});

export function sessionStatus(): SessionStatus {
  return status;
}

export function isLoggedIn(): boolean {
  return status === 'in';
}

/** The session user as last loaded (spec §3), while logged in. Its `token` is empty: the cookie carries it. */
export function currentUser(): UserInfo | undefined {
  return status === 'in' ? queryClient.getQueryData<UserInfo>(QUERY_KEYS.userInfo) : undefined;
}

/** What the server said about this browser's session (the probe, a login, a 1000 answer). */
export function settleSession(user: UserInfo | null): void {
  if (user) {
    queryClient.setQueryData(QUERY_KEYS.userInfo, user);
    if (status !== 'in') {
      status = 'in';
      notify();
    }
  } else if (status !== 'out') {
    forget();
  }
}

/** After login or registration: the server has set the cookie; keep the user (spec §3 session user). */
export function startSession(user: UserInfo): void {
  settleSession(user);
  channel?.postMessage('in');
}

function forget(): void {
  status = 'out';
  const language = (() => {
    try {
      return window.localStorage.getItem(STORAGE_KEYS.language);
    } catch {
      return null;
    }
  })();
  // The page an ended session left (lib/return-to.ts) outlives the clearing: the next login goes back to it.
  const returnTo = (() => {
    try {
      return window.sessionStorage.getItem(STORAGE_KEYS.returnTo);
    } catch {
      return null;
    }
  })();
  try {
    window.sessionStorage.clear();
    window.localStorage.clear();
    if (language) window.localStorage.setItem(STORAGE_KEYS.language, language);
    if (returnTo) window.sessionStorage.setItem(STORAGE_KEYS.returnTo, returnTo);
  } catch {
    // Storage can be unavailable (privacy mode); there is then nothing to clear.
  }
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'site' });
  notify();
}

/**
 * Ends the session on this browser, whatever the server said (spec §4): sessionStorage, localStorage except the
 * language choice, and every cached answer that belonged to the user. The site (agent) configuration is not the
 * user's and stays. The HttpOnly cookie is the server's to clear (/api/user/logout, or any 1000 answer).
 */
export function endSessionLocally(): void {
  const was = status;
  forget();
  if (was !== 'out') channel?.postMessage('out');
}

export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedIn, () => false);
}
