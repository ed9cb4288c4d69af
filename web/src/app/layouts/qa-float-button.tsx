import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec §1: a floating online Q&A button opens the help-center Q&A page. */
export function QaFloatButton() {
  const { t } = useTranslation();
  return (
    <Link to="/help-center/q-a" className="qa-float" aria-label={t('footer.qa')} title={t('footer.qa')}>
      <QuestionCircleOutlined aria-hidden="true" />
      <span className="qa-float__text" aria-hidden="true">
        Q&amp;A
      </span>
    </Link>
  );
}
