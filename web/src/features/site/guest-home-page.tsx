/**
 * /guest/index: the public home — what the service does, the platforms it reaches, how publishing works,
 * the latest news and hot plan, and a call to register. It is measured by Lighthouse: plain HTML and CSS
 * (no antd components), no images above the fold, and the hero text is the largest paint.
 */
import { CustomerServiceOutlined, GlobalOutlined, SafetyCertificateOutlined, WalletOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { zhCN } from '../../i18n/zh-cn';
import { REGISTER_ROUTE } from '../../lib/routes';
import { useMetaDescription } from '../../lib/use-meta-description';
import { HomeHotPlan } from '../content/home-hot-plan';
import { HomeNews } from '../content/home-news';
import { PlatformGrid } from '../content/platform-grid';
import './guest-home.css';

type HomeKey = keyof typeof zhCN.home;

const FEATURES: Array<{ title: HomeKey; text: HomeKey; icon: ReactNode }> = [
  { title: 'feature1Title', text: 'feature1Text', icon: <GlobalOutlined /> },
  { title: 'feature2Title', text: 'feature2Text', icon: <SafetyCertificateOutlined /> },
  { title: 'feature3Title', text: 'feature3Text', icon: <WalletOutlined /> },
  { title: 'feature4Title', text: 'feature4Text', icon: <CustomerServiceOutlined /> },
];

const STEPS: Array<{ title: HomeKey; text: HomeKey }> = [
  { title: 'step1', text: 'step1Text' },
  { title: 'step2', text: 'step2Text' },
  { title: 'step3', text: 'step3Text' },
  { title: 'step4', text: 'step4Text' },
];

/** The hero's equalizer: one row of bar heights (%), fixed so that two copies side by side loop seamlessly. */
const BAR_HEIGHTS = Array.from({ length: 48 }, (_, index) =>
  Math.round(20 + 40 * Math.abs(Math.sin(index * 0.55)) + 30 * Math.abs(Math.sin(index * 1.7 + 1))),
);

export default function GuestHomePage() {
  const { t } = useTranslation();
  useMetaDescription(t('meta.guestHome'));
  return (
    <div className="guest-home">
      <section className="guest-hero">
        <div className="shell-width guest-hero__inner">
          <p className="guest-hero__eyebrow">{t('home.eyebrow')}</p>
          <h1 className="guest-hero__title">{t('home.title')}</h1>
          <p className="guest-hero__subtitle">{t('home.subtitle')}</p>
          <div className="guest-hero__actions">
            <Link to={REGISTER_ROUTE} className="link-button link-button--large guest-hero__primary">
              {t('home.ctaRegister')}
            </Link>
            <Link to="/login" className="link-button link-button--large link-button--ghost">
              {t('home.ctaLogin')}
            </Link>
          </div>
        </div>
        <div className="guest-hero__bars" aria-hidden="true">
          <div className="guest-hero__wave">
            {[...BAR_HEIGHTS, ...BAR_HEIGHTS].map((height, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative row that never reorders
              <span key={index} style={{ height: `${height}%` }} />
            ))}
          </div>
        </div>
      </section>

      <section className="shell-width guest-section" aria-labelledby="home-features">
        <h2 id="home-features" className="guest-section__title">
          {t('home.featuresTitle')}
        </h2>
        <ul className="guest-features">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="guest-feature">
              <span className="guest-feature__icon" aria-hidden="true">
                {feature.icon}
              </span>
              <h3>{t(`home.${feature.title}`)}</h3>
              <p>{t(`home.${feature.text}`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="shell-width guest-section" aria-labelledby="home-platforms">
        <h2 id="home-platforms" className="guest-section__title">
          {t('home.platformsTitle')}
        </h2>
        <p className="guest-section__lead">{t('home.platformsText')}</p>
        <PlatformGrid />
        <p className="guest-section__more">
          <Link to="/guest/publish">{t('home.platformsMore')}</Link>
        </p>
      </section>

      <section className="shell-width guest-section" aria-labelledby="home-steps">
        <h2 id="home-steps" className="guest-section__title">
          {t('home.stepsTitle')}
        </h2>
        <ol className="guest-steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="guest-step">
              <span className="guest-step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`home.${step.title}`)}</h3>
              <p>{t(`home.${step.text}`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="shell-width guest-section guest-news-row">
        <HomeNews />
        <HomeHotPlan />
      </div>

      <section className="guest-cta">
        <div className="shell-width guest-cta__inner">
          <h2>{t('home.bottomTitle')}</h2>
          <Link to={REGISTER_ROUTE} className="link-button link-button--large guest-hero__primary">
            {t('home.bottomCta')}
          </Link>
        </div>
      </section>
    </div>
  );
}
