/**
 * Known refusals belong next to the field they are about (e.g. 2051 "username taken" under the
 * username); anything else gets the client's standard feedback (the error modal).
 */
import type { FormInstance } from 'antd';
import { isApiError, showApiError } from '../../api/client';

export function applyServerError<T>(
  form: FormInstance<T>,
  error: unknown,
  fieldByCode: Partial<Record<number, keyof T & string>>,
): void {
  const field = isApiError(error) ? fieldByCode[error.code] : undefined;
  if (isApiError(error) && field) {
    // The field name is checked against T above; setFields' deep name-path type cannot follow a generic T.
    (form as FormInstance).setFields([{ name: field, errors: [error.msg] }]);
    return;
  }
  showApiError(error);
}
