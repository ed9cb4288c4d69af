/** What every failed call rejects with: the envelope's code, msg and data, or a client-side code below. */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;

  constructor(code: number, msg: string, data: unknown = null, options?: { cause?: unknown }) {
    super(msg || `API error ${code}`, options);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.data = data;
  }
}

/** The request never got an envelope back: network failure, time-out, or a non-envelope error page. */
export const CODE_TRANSPORT = 0;
/** The caller cancelled the request (its AbortSignal fired); nothing is shown. */
export const CODE_ABORTED = -1;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A request the caller cancelled (e.g. a query nobody watches any more): not worth logging. */
export function isCancelled(error: unknown): boolean {
  return error instanceof ApiError && error.code === CODE_ABORTED;
}
