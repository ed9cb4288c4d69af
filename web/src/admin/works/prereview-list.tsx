/**
 * The pre-review results an editor sees: the same rules and texts the musician saw before submitting (rule-texts.ts),
 * errors first in red, then warnings in amber, each naming the field it concerns.
 */
import { issueText } from '@trackline/contract/rule-texts';
import type { PrereviewResult } from '@trackline/contract/work-model';
import { Alert, Tag } from 'antd';
import { useAdminT } from '../i18n';
import { fieldLabel } from './field-label';

export function PrereviewList({ result }: { result: PrereviewResult }) {
  const { t, language } = useAdminT();
  const lang = language === 'en' ? 'en' : 'zh-CN';
  if (result.issues.length === 0) return <Alert type="success" showIcon message={t('review.prereviewClean')} />;
  // The same rule on the same field with the same values says the same thing: show it once (and key by it).
  const unique = new Map(result.issues.map((i) => [`${i.rule}|${i.field}|${JSON.stringify(i.params ?? {})}`, i]));
  const keyed = [...unique].map(([key, issue]) => ({ key, issue }));
  const errors = keyed.filter((k) => k.issue.severity === 'error');
  const warnings = keyed.filter((k) => k.issue.severity !== 'error');
  return (
    <>
      <p className="admin-review-prereview-counts">
        {t('review.prereviewCounts', { errors: errors.length, warnings: warnings.length })}
      </p>
      <ul className="admin-review-issues">
        {[...errors, ...warnings].map(({ key, issue }) => (
          <li key={key} className={`admin-review-issue admin-review-issue--${issue.severity}`}>
            <Tag color={issue.severity === 'error' ? 'red' : 'orange'}>{t(`review.severity.${issue.severity}`)}</Tag>
            <span className="admin-review-issue-text">{issueText(issue, lang)}</span>
            <span className="admin-review-issue-field">
              {t('review.field', { field: fieldLabel(issue.field, t) })}
              <code className="admin-review-rule">{issue.rule}</code>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
