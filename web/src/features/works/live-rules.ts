/**
 * The pre-review rules the page runs as the musician types (title-rules.ts, identifiers.ts), with the field paths
 * the server's pre-review uses ('title', 'tracks.0.composer.1'). "Required" is held back until the musician asks to
 * go on, so a new empty form is not a wall of red.
 */
import { artistIssues, titleIssues } from '@trackline/contract/title-rules';
import type { RuleIssue } from '@trackline/contract/works-types';

/** A version is optional; when given it follows the title rules. */
export function optionalTitleIssues(value: string, field: string): RuleIssue[] {
  return value.trim() === '' ? [] : titleIssues(value, field);
}

export function nameListIssues(names: string[], field: string, required: boolean): RuleIssue[] {
  if (names.length === 0) return required ? requiredIssue(false, field) : [];
  return names.flatMap((name, index) => artistIssues(name, `${field}.${index}`));
}

export function requiredIssue(filled: boolean, field: string): RuleIssue[] {
  return filled ? [] : [{ rule: 'text.required', field, severity: 'error' }];
}

export function shown(issues: RuleIssue[], showRequired: boolean): RuleIssue[] {
  return showRequired ? issues : issues.filter((issue) => issue.rule !== 'text.required');
}
