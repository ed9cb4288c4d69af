/**
 * One labelled field of the work forms: the label tied to its control, an optional hint, and the live rule issues
 * of its value (errors block submission, warnings only warn), all referenced by the control's aria-describedby.
 */
import type { RuleIssue } from '@trackline/contract/works-types';
import type { ReactNode } from 'react';
import { useWorkLabels } from './work-labels';

interface FieldProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  issues?: RuleIssue[];
  /** A message of the page itself (e.g. a refusal of the server) shown like an error. */
  error?: ReactNode;
  className?: string;
  children: (aria: { describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

export function Field({ id, label, required, hint, issues = [], error, className, children }: FieldProps) {
  const hasIssues = issues.length > 0 || Boolean(error);
  const invalid = Boolean(error) || issues.some((i) => i.severity === 'error');
  const describedBy =
    [hint ? `${id}-hint` : '', hasIssues ? `${id}-issues` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['work-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="work-field__label">
        {label}
        {required && (
          <span className="work-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({ describedBy, invalid })}
      {hint && (
        <p id={`${id}-hint`} className="work-field__hint">
          {hint}
        </p>
      )}
      {hasIssues && (
        <div id={`${id}-issues`}>
          {error && <p className="rule-issue rule-issue--error">{error}</p>}
          <RuleIssueLines issues={issues} />
        </div>
      )}
    </div>
  );
}

/** Rule issues as lines of text, each with its rule's message (rule-texts.ts) and severity. */
export function RuleIssueLines({ issues }: { issues: RuleIssue[] }) {
  const { issue } = useWorkLabels();
  return (
    <>
      {issues.map((item, index) => (
        <p
          // biome-ignore lint/suspicious/noArrayIndexKey: the same rule may fire twice on one field with other values
          key={`${item.rule}-${index}`}
          className={`rule-issue rule-issue--${item.severity}`}
          data-rule={item.rule}
        >
          {issue(item)}
        </p>
      ))}
    </>
  );
}
