import type { AdminKey } from '../i18n';

/** The nine problem types of spec §5 (values 1–9, in its order) with their console labels. */
const KEYS = [
  'registration',
  'information',
  'ownership',
  'bug',
  'channel',
  'works',
  'bill',
  'withdrawal',
  'operation',
] as const;

export const WORKORDER_TYPE_OPTIONS = KEYS.map((key, index) => ({
  value: index + 1,
  label: `workorders.types.${key}` as AdminKey,
}));

export function workorderTypeKey(type: number): AdminKey | null {
  return WORKORDER_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? null;
}
