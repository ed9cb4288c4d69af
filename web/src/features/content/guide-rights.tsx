import { CheckCircleFilled, CloseCircleFilled, FileProtectOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { zhCN } from '../../i18n/zh-cn';

type GuideKey = keyof typeof zhCN.guide;

/** Spec §3 property kinds 1–5, in order. */
const KINDS: Array<[GuideKey, GuideKey]> = [
  ['kindOriginal', 'kindOriginalText'],
  ['kindBuyout', 'kindBuyoutText'],
  ['kindCover', 'kindCoverText'],
  ['kindAdaptation', 'kindAdaptationText'],
  ['kindDj', 'kindDjText'],
];

/** Spec §3 sources 1–8 grouped by what they need: Y (1, 2, 6, 7), Y1 (3, 4), Y0 (5), N (8). */
const SOURCES: Array<{ text: GuideKey; icon: ReactNode; tone: string }> = [
  { text: 'sourceDirect', icon: <CheckCircleFilled />, tone: 'ok' },
  { text: 'sourceProof', icon: <FileProtectOutlined />, tone: 'proof' },
  { text: 'sourceSociety', icon: <SafetyCertificateFilled />, tone: 'proof' },
  { text: 'sourceNone', icon: <CloseCircleFilled />, tone: 'no' },
];

/** The rights part of /guest/publish: kinds of work, the rights statement and the sources, in plain words. */
export function GuideRights() {
  const { t } = useTranslation();
  return (
    <section className="content-card guide-rights" aria-labelledby="guide-rights">
      <h2 id="guide-rights" className="content-card__title">
        {t('guide.rightsTitle')}
      </h2>
      <p className="guide-lead">{t('guide.rightsText')}</p>

      <h3 className="guide-subtitle">{t('guide.kindsTitle')}</h3>
      <dl className="guide-kinds">
        {KINDS.map(([name, text]) => (
          <div key={name} className="guide-kinds__item">
            <dt>{t(`guide.${name}`)}</dt>
            <dd>{t(`guide.${text}`)}</dd>
          </div>
        ))}
      </dl>

      <h3 className="guide-subtitle">{t('guide.statementTitle')}</h3>
      <ul className="guide-bullets">
        <li>{t('guide.statementAll')}</li>
        <li>{t('guide.statementUse')}</li>
      </ul>

      <h3 className="guide-subtitle">{t('guide.sourcesTitle')}</h3>
      <ul className="guide-sources">
        {SOURCES.map((source) => (
          <li key={source.text} className={`guide-sources__item guide-sources__item--${source.tone}`}>
            <span className="guide-sources__icon" aria-hidden="true">
              {source.icon}
            </span>
            {t(`guide.${source.text}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
