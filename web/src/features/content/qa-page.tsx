/**
 * /guest/q-a and /help-center/q-a: searchable questions and answers (a ?keyword= in the URL searches, as the
 * help centre's search box does) next to the problem feedback form of spec §5.
 */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMetaDescription } from '../../lib/use-meta-description';
import { ProblemForm } from '../support/problem-form';
import { PageHero } from './page-hero';
import { QaSection } from './qa-section';
import './qa.css';

export default function QaPage() {
  const { t } = useTranslation();
  const inHelpCentre = useLocation().pathname.startsWith('/help-center');
  useMetaDescription(t(inHelpCentre ? 'meta.helpQa' : 'meta.guestQa'));
  const title = inHelpCentre ? t('qa.helpTitle') : t('qa.title');

  return (
    <>
      <PageHero eyebrow={inHelpCentre ? t('help.title') : undefined} title={title} subtitle={t('qa.subtitle')} />
      <div className="shell-width content-page qa-layout">
        <QaSection title={t('qa.title')} />
        <aside className="qa-layout__aside">
          <ProblemForm />
        </aside>
      </div>
    </>
  );
}
