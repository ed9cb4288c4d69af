/**
 * The pre-review's findings (what an editor would reject for), errors first: each names its field and its rule's
 * text. Errors block going on or submitting; warnings are shown and do not.
 */
import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import type { RuleIssue } from '@trackline/contract/works-types';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from './field-names';
import { useWorkLabels } from './work-labels';

export function PrereviewList({ issues }: { issues: RuleIssue[] }) {
  const { t } = useTranslation();
  const { issue } = useWorkLabels();
  const ordered = [...issues].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  if (ordered.length === 0) return <p className="prereview-ok">{t('works.prereview.clean')}</p>;
  return (
    <ul className="prereview-list" data-testid="prereview-list">
      {ordered.map((item, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: one rule may fire on several fields and twice on one
          key={`${item.field}-${item.rule}-${index}`}
          className={`prereview-item prereview-item--${item.severity}`}
          data-rule={item.rule}
        >
          {item.severity === 'error' ? (
            <CloseCircleFilled aria-hidden="true" className="prereview-item__icon" />
          ) : (
            <WarningFilled aria-hidden="true" className="prereview-item__icon" />
          )}
          <span className="visually-hidden">
            {item.severity === 'error' ? t('works.prereview.error') : t('works.prereview.warning')}
          </span>
          <span className="prereview-item__field">{fieldLabel(t, item.field)}</span>
          <span className="prereview-item__text">{issue(item)}</span>
        </li>
      ))}
    </ul>
  );
}
