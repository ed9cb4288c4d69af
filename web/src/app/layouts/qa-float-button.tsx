import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const QA_ROUTE = '/help-center/q-a';

/**
 * Spec §1: a floating online Q&A button opens the help-center Q&A page. Not on that page itself; on a phone it is
 * smaller and the footer leaves room under the copyright line for it (site-header.css), so it covers nothing there.
 */
export function QaFloatButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (pathname === QA_ROUTE) return null;
  return (
    <Link to={QA_ROUTE} className="qa-float" aria-label={t('footer.qa')} title={t('footer.qa')}>
      <QuestionCircleOutlined aria-hidden="true" />
      <span className="qa-float__text" aria-hidden="true">
        Q&amp;A
      </span>
    </Link>
  );
}
