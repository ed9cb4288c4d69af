import type { TFunction } from 'i18next';
import { PROBLEM_TYPE_OPTIONS } from './problem-types';

/** A work order's type (1–9, the problem types of spec §5) in the UI language. */
export function workorderTypeLabel(t: TFunction, type: number): string {
  const option = PROBLEM_TYPE_OPTIONS.find((o) => o.value === type);
  return option ? t(`problem.types.${option.key}`) : String(type);
}
