/**
 * The one HTTP client (spec §7–8). Every call of the web app and the staff console goes through here:
 * - base address from VITE_API_BASE (default same origin), time-out 6,000,000 ms;
 * - GETs carry `t` = now in whole seconds; Accept-Language goes on every call, and the session goes as the
 *   HttpOnly cookie (page script never holds the token);
 * - code 1/100 or a plain string body resolves with the body as is;
 * - code 1000 ends the musician session (or, for /api/admin/*, sends the staff member to /admin/login);
 * - any other code shows the server's msg in a modal; transport failures show the "error notice" modal.
 */
import { CODE_LOGIN_INVALID, type Envelope, isSuccessCode } from '@trackline/contract/envelope';
import { currentLanguage } from '../i18n';
import { navigateTo } from '../lib/navigation';
import { rememberReturnTo } from '../lib/return-to';
import { endSessionLocally, isLoggedIn } from '../lib/session';
import { ApiError, CODE_ABORTED, CODE_TRANSPORT } from './api-error';
import { showRefusal, showSessionExpired, showTransportFailure } from './error-modal';

export { ApiError, CODE_ABORTED, CODE_TRANSPORT, isApiError, isCancelled } from './api-error';

export const REQUEST_TIMEOUT_MS = 6_000_000;
const API_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
const STAFF_PREFIX = '/api/admin/';
const STAFF_LOGIN_ROUTE = '/admin/login';

/**
 * Idempotency keys (issue 9): a POST carries `Idempotency-Key`, the same one for the same call (path and body)
 * repeated while it runs or within REPEAT_WINDOW_MS after it ended: a double click, or a retry after a dropped
 * connection, reaches the server as one action, which answers the copies with the first result and changes nothing.
 * A different body, or the same one sent again later, is a new action. Buttons are also disabled while their call
 * runs; the key is what holds when they are not.
 */
const REPEAT_WINDOW_MS = 10_000;
const recentKeys = new Map<string, { key: string; until: number }>();

function newKey(): string {
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function idempotencyKeyFor(path: string, body: string): { key: string; settled: () => void } {
  const now = Date.now();
  for (const [signature, entry] of recentKeys) if (entry.until < now) recentKeys.delete(signature);
  const signature = `${path}\n${body}`;
  let entry = recentKeys.get(signature);
  if (!entry) {
    entry = { key: newKey(), until: Number.POSITIVE_INFINITY };
    recentKeys.set(signature, entry);
  }
  const held = entry;
  held.until = Number.POSITIVE_INFINITY; // while a call with it runs
  return {
    key: held.key,
    settled: () => {
      held.until = Date.now() + REPEAT_WINDOW_MS;
    },
  };
}

export interface RequestOptions {
  /** The caller shows its own feedback: no modal for refusals or transport failures (1000 still applies). */
  silent?: boolean;
  /** Cancels the request; a cancelled call rejects with CODE_ABORTED and shows nothing. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type ParamValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, ParamValue | readonly ParamValue[]>;

function buildUrl(path: string, params: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const query = search.toString();
  return `${API_BASE}${path}${query ? (path.includes('?') ? '&' : '?') + query : ''}`;
}

function isStaffPath(path: string): boolean {
  return path.startsWith(STAFF_PREFIX);
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function parseBody(text: string): { json: true; value: unknown } | { json: false } {
  try {
    return { json: true, value: JSON.parse(text) };
  } catch {
    return { json: false };
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Shows the standard feedback for a failure a `silent` caller decided not to handle itself. */
export function showApiError(error: unknown): void {
  if (!(error instanceof ApiError)) {
    showTransportFailure(describe(error));
  } else if (error.code === CODE_TRANSPORT) {
    showTransportFailure(error.msg);
  } else if (error.code !== CODE_ABORTED && error.code !== CODE_LOGIN_INVALID) {
    showRefusal(error.msg);
  }
}

function settle<T>(
  path: string,
  response: Pick<Response, 'ok' | 'status'>,
  text: string,
  options: RequestOptions,
): Envelope<T> {
  const parsed = parseBody(text);
  if (!parsed.json || !isEnvelope(parsed.value)) {
    // Spec §8: a plain string body is a success and is passed through as is. An error status without an
    // envelope (a proxy's 502 page, say) never came from our server: treat it as a transport failure.
    if (response.ok) return (parsed.json ? parsed.value : text) as Envelope<T>;
    const detail = `HTTP ${response.status}`;
    if (!options.silent) showTransportFailure(detail);
    throw new ApiError(CODE_TRANSPORT, detail);
  }
  const body = parsed.value as Envelope<T>;
  if (isSuccessCode(body.code)) return body;
  const error = new ApiError(body.code, body.msg ?? '', body.data ?? null);
  if (body.code === CODE_LOGIN_INVALID) {
    if (isStaffPath(path)) {
      // The staff session is separate: the musician's stays as it is.
      if (!window.location.pathname.startsWith(STAFF_LOGIN_ROUTE)) navigateTo(STAFF_LOGIN_ROUTE, { replace: true });
    } else {
      const expired = isLoggedIn();
      endSessionLocally();
      if (expired) {
        // It ended by itself (expiry, a logout elsewhere, a password reset): say so, and come back here after the
        // next login. The guard then shows the guest home, as spec §2 says.
        rememberReturnTo(`${window.location.pathname}${window.location.search}`);
        showSessionExpired(body.msg);
      }
    }
    throw error;
  }
  if (!options.silent) showRefusal(body.msg);
  throw error;
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  params: QueryParams | undefined,
  body: BodyInit | undefined,
  options: RequestOptions,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {
    Accept: 'application/json, text/plain, */*',
    'Accept-Language': currentLanguage(),
  };
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';
  // A multipart body cannot be compared: each upload is its own action.
  const idempotency =
    method === 'POST' && (body === undefined || typeof body === 'string') ? idempotencyKeyFor(path, body ?? '') : null;
  if (idempotency) headers['Idempotency-Key'] = idempotency.key;
  Object.assign(headers, options.headers);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  if (options.signal?.aborted) forwardAbort();

  const query = method === 'GET' ? { ...params, t: Math.floor(Date.now() / 1000) } : params;
  let response: Response;
  let text: string;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
    text = await response.text();
  } catch (error) {
    if (!timedOut && options.signal?.aborted) throw new ApiError(CODE_ABORTED, 'aborted', null, { cause: error });
    const detail = timedOut ? `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded` : describe(error);
    if (!options.silent) showTransportFailure(detail);
    throw new ApiError(CODE_TRANSPORT, detail, null, { cause: error });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
    idempotency?.settled();
  }
  return settle<T>(path, response, text, options);
}

export function apiGet<T = unknown>(path: string, params?: QueryParams, options: RequestOptions = {}) {
  return request<T>('GET', path, params, undefined, options);
}

export function apiPost<T = unknown>(path: string, body?: unknown, options: RequestOptions = {}) {
  return request<T>('POST', path, undefined, body === undefined ? undefined : JSON.stringify(body), options);
}

/** A multipart POST; the browser sets the Content-Type with its boundary. */
export function apiUpload<T = unknown>(path: string, formData: FormData, options: RequestOptions = {}) {
  return request<T>('POST', path, undefined, formData, options);
}

/**
 * A multipart POST that reports upload progress (fetch cannot): the same headers, envelope handling and modals as
 * every other call, over XMLHttpRequest. `onProgress` gets whole percentages of the body sent.
 */
export function apiUploadWithProgress<T = unknown>(
  path: string,
  formData: FormData,
  onProgress: (percent: number) => void,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, undefined));
    xhr.withCredentials = true;
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json, text/plain, */*');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);

    const fail = (detail: string) => {
      if (!options.silent) showTransportFailure(detail);
      reject(new ApiError(CODE_TRANSPORT, detail));
    };
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      done();
      try {
        const status = xhr.status;
        resolve(settle<T>(path, { ok: status >= 200 && status < 300, status }, xhr.responseText, options));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      done();
      fail('network error');
    };
    xhr.ontimeout = () => {
      done();
      fail(`timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`);
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError(CODE_ABORTED, 'aborted'));
    };
    if (options.signal?.aborted) {
      // abort() before send() fires no event: settle here.
      done();
      reject(new ApiError(CODE_ABORTED, 'aborted'));
      return;
    }
    xhr.send(formData);
  });
}
