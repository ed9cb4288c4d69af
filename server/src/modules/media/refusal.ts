/**
 * The analyzers' common answer when a file cannot be accepted at all: `{ issues }` with one or more error issues.
 * A result and a refusal are told apart by `issues` (isRefusal).
 */
import type { RuleIssue, RuleRefusal } from '@trackline/contract/works-types';

export function refusal(rule: string, field: string, params?: RuleIssue['params']): RuleRefusal {
  const issue: RuleIssue = { rule, field, severity: 'error' };
  if (params) issue.params = params;
  return { issues: [issue] };
}

export function isRefusal<T extends object>(result: T | RuleRefusal): result is RuleRefusal {
  return 'issues' in result && Array.isArray((result as RuleRefusal).issues);
}
