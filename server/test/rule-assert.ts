/** Assertions for rule issues: the rule is named, and it has a real text in both languages. */
import { isKnownRule, ruleText } from '@trackline/contract/rule-texts';
import type { RuleIssue, RuleRefusal } from '@trackline/contract/works-types';
import { expect } from 'vitest';

/** The issue has texts of its own (not the unknown-rule fallback) in zh-CN and en, with its values filled in. */
export function expectTexts(issue: RuleIssue): void {
  expect(isKnownRule(issue.rule), issue.rule).toBe(true);
  for (const lang of ['zh-CN', 'en'] as const) {
    const text = ruleText(issue.rule, lang, issue.params);
    expect(text.trim().length, `${issue.rule} ${lang}`).toBeGreaterThan(0);
    expect(text, `${issue.rule} ${lang}: ${text}`).not.toContain('?');
  }
}

/** A refusal naming `rule` for `field`; returns that issue. */
export function expectRefused<T extends object>(result: T | RuleRefusal, rule: string, field?: string): RuleIssue {
  expect('issues' in result, `expected a refusal with ${rule}, got ${JSON.stringify(result)}`).toBe(true);
  const issues = (result as RuleRefusal).issues;
  const found = issues.find((i) => i.rule === rule);
  expect(found, `${rule} in ${JSON.stringify(issues)}`).toBeDefined();
  if (field) expect(found!.field).toBe(field);
  for (const issue of issues) expectTexts(issue);
  return found!;
}

/** The issues of a list, by rule id, each with its texts checked. */
export function rulesOf(issues: RuleIssue[]): string[] {
  for (const issue of issues) expectTexts(issue);
  return issues.map((i) => i.rule);
}
