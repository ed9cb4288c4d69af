/** The one error type: a catalogue key (code, HTTP status, localized msg) and optional details for the client. */
import { type ErrorKey, errorCatalogue } from '@trackline/contract/errors';

export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(
    readonly key: ErrorKey,
    readonly details?: Record<string, unknown>,
  ) {
    super(key);
    this.code = errorCatalogue[key].code;
    this.status = errorCatalogue[key].status;
  }
}
