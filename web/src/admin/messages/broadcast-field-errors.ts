/**
 * The broadcast form's refusals: the server may name the field (`data.field`, or `data.fields` for a failed
 * schema check) or answer with a known code (2014 invalid mobile, 2021 mobile not registered, 2044 unknown
 * site); those go under the field, anything else gets the standard feedback.
 */
import type { FormInstance } from 'antd';
import { isApiError, showApiError } from '../../api/client';

const FIELDS = ['audience', 'agent_id', 'mobile', 'title', 'content'] as const;
type Field = (typeof FIELDS)[number];
const FIELD_BY_CODE: Partial<Record<number, Field>> = { 2014: 'mobile', 2021: 'mobile', 2044: 'agent_id' };

function fieldOf(data: unknown): Field | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { field, fields } = data as { field?: unknown; fields?: unknown };
  const names = [field, ...(Array.isArray(fields) ? fields : [])];
  return FIELDS.find((known) => names.includes(known));
}

export function applyServerField<T>(form: FormInstance<T>, error: unknown): void {
  if (isApiError(error)) {
    const field = fieldOf(error.data) ?? FIELD_BY_CODE[error.code];
    if (field && error.msg) {
      (form as FormInstance).setFields([{ name: field, errors: [error.msg] }]);
      return;
    }
  }
  showApiError(error);
}
