/**
 * The musician session as the browser sees it (spec §4): the token (also an HttpOnly cookie set by the
 * server) and the last known user. "With a token" in the route guard means a token in localStorage.
 * Components read it through `useSessionToken` so the guard reacts when a call ends the session.
 */
import type { UserInfo } from '@trackline/contract/account';
import { useSyncExternalStore } from 'react';
import { queryClient } from './query-client';
import { STORAGE_KEYS } from './storage-keys';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes localStorage too; follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function safeGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return safeGet(STORAGE_KEYS.token) || null;
}

export function hasToken(): boolean {
  return getToken() !== null;
}

export function getStoredUser(): UserInfo | undefined {
  const raw = safeGet(STORAGE_KEYS.userinfo);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as UserInfo;
  } catch {
    return undefined;
  }
}

/** After login or registration: keep the token and the user (spec §3 session user). */
export function startSession(user: UserInfo): void {
  window.localStorage.setItem(STORAGE_KEYS.token, user.token);
  window.localStorage.setItem(STORAGE_KEYS.userinfo, JSON.stringify(user));
  notify();
}

/** Keeps the stored user in step with /api/user/info without touching the token. */
export function rememberUser(user: UserInfo): void {
  window.localStorage.setItem(STORAGE_KEYS.userinfo, JSON.stringify(user));
}

/**
 * Ends the session on this browser, whatever the server said (spec §4): token, sessionStorage,
 * localStorage except the language choice, the token cookie where script can reach it, and every
 * cached answer that belonged to the user. The site (agent) configuration is not the user's and stays.
 */
export function endSessionLocally(): void {
  const language = safeGet(STORAGE_KEYS.language);
  try {
    window.sessionStorage.clear();
    window.localStorage.clear();
    if (language) window.localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Storage can be unavailable (privacy mode); there is then nothing to clear.
  }
  // The server's cookie is HttpOnly and cleared by /api/user/logout; this only removes a script-visible copy.
  // biome-ignore lint/suspicious/noDocumentCookie: expiring one cookie; the Cookie Store API is not in every browser we serve
  document.cookie = 'token=; Max-Age=0; path=/';
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'site' });
  notify();
}

export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
