/** /guest/publish: digital distribution explained — steps, rights, platforms, review times and a call to act. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { zhCN } from '../../i18n/zh-cn';
import { REGISTER_ROUTE } from '../../lib/routes';
import { useMetaDescription } from '../../lib/use-meta-description';
import { GuideRights } from './guide-rights';
import { PageHero } from './page-hero';
import { PlatformGrid } from './platform-grid';
import './guide.css';

type GuideKey = keyof typeof zhCN.guide;

const STEPS: Array<[GuideKey, GuideKey]> = [
  ['step1', 'step1Text'],
  ['step2', 'step2Text'],
  ['step3', 'step3Text'],
  ['step4', 'step4Text'],
];

const REVIEW: Array<[GuideKey, GuideKey]> = [
  ['reviewFirst', 'reviewFirstTime'],
  ['reviewFinal', 'reviewFinalTime'],
  ['reviewLive', 'reviewLiveTime'],
];

export default function PublishGuidePage() {
  const { t } = useTranslation();
  useMetaDescription(t('meta.guestPublish'));
  return (
    <>
      <PageHero eyebrow={t('guide.eyebrow')} title={t('guide.title')} subtitle={t('guide.subtitle')}>
        <Link to={REGISTER_ROUTE} className="link-button link-button--large guide-hero-cta">
          {t('guide.ctaButton')}
        </Link>
      </PageHero>
      <div className="shell-width content-page">
        <section className="content-card" aria-labelledby="guide-steps">
          <h2 id="guide-steps" className="content-card__title">
            {t('guide.stepsTitle')}
          </h2>
          <ol className="guide-steps">
            {STEPS.map(([title, text], index) => (
              <li key={title} className="guide-steps__item">
                <span className="guide-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{t(`guide.${title}`)}</h3>
                <p>{t(`guide.${text}`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <GuideRights />

        <section className="content-card" aria-labelledby="guide-review">
          <h2 id="guide-review" className="content-card__title">
            {t('guide.reviewTitle')}
          </h2>
          <dl className="guide-review">
            {REVIEW.map(([stage, time]) => (
              <div key={stage} className="guide-review__item">
                <dt>{t(`guide.${stage}`)}</dt>
                <dd>{t(`guide.${time}`)}</dd>
              </div>
            ))}
          </dl>
          <p className="guide-note">{t('guide.reviewNote')}</p>
        </section>

        <section className="content-card" aria-labelledby="guide-platforms">
          <h2 id="guide-platforms" className="content-card__title">
            {t('guide.platformsTitle')}
          </h2>
          <PlatformGrid />
        </section>

        <section className="guide-cta" aria-labelledby="guide-cta">
          <h2 id="guide-cta">{t('guide.ctaTitle')}</h2>
          <Link to={REGISTER_ROUTE} className="link-button link-button--large guide-hero-cta">
            {t('guide.ctaButton')}
          </Link>
        </section>
      </div>
    </>
  );
}
