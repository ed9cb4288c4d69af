/**
 * /download/index: the app links (download_config), the phone-app QR codes (download_config's, set in the content
 * console, else the site's own agent qr_ios/qr_android; 150 px), Mac and PC under maintenance as in the footer (spec §2), and the version history.
 */
import { AndroidFilled, AppleFilled, WindowsFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMetaDescription } from '../../lib/use-meta-description';
import { useAgentInfo } from '../site/use-agent-info';
import { useDownloadConfig } from './download-api';
import { PageHero } from './page-hero';
import { QrBox } from './qr-box';
import { VersionHistory } from './version-history';
import './download.css';

interface AppCardProps {
  icon: ReactNode;
  name: string;
  text: string;
  href: string | undefined;
  button: string;
  loading: boolean;
}

function AppCard({ icon, name, text, href, button, loading }: AppCardProps) {
  const { t } = useTranslation();
  return (
    <li className="app-card">
      <span className="app-card__icon" aria-hidden="true">
        {icon}
      </span>
      <h3 className="app-card__name">{name}</h3>
      <p className="app-card__text">{text}</p>
      {href ? (
        <a className="link-button link-button--primary" href={href} target="_blank" rel="noopener noreferrer">
          {button}
        </a>
      ) : (
        <span className="app-card__unavailable">{loading ? t('common.loading') : t('download.notAvailable')}</span>
      )}
    </li>
  );
}

export default function DownloadPage() {
  const { t } = useTranslation();
  useMetaDescription(t('meta.download'));
  const config = useDownloadConfig();
  const { data: agent } = useAgentInfo();
  const links = config.data;
  const qr = (name: string) => t('download.qrAlt', { name });

  return (
    <>
      <PageHero title={t('download.title')} subtitle={t('download.subtitle')} />
      <div className="shell-width content-page">
        <section className="content-card" aria-labelledby="download-apps">
          <h2 id="download-apps" className="content-card__title">
            {t('download.appsTitle')}
          </h2>
          {config.isError && (
            <p className="download-error" role="alert">
              {t('content.loadFailed')}{' '}
              <button type="button" className="link-button" onClick={() => void config.refetch()}>
                {t('common.retry')}
              </button>
            </p>
          )}
          <ul className="app-grid">
            <AppCard
              icon={<AppleFilled />}
              name={t('download.ios')}
              text={t('download.iosText')}
              href={links?.ios || undefined}
              button={t('download.iosButton')}
              loading={config.isPending}
            />
            <AppCard
              icon={<AndroidFilled />}
              name={t('download.android')}
              text={t('download.androidText')}
              href={links?.android || undefined}
              button={t('download.androidButton')}
              loading={config.isPending}
            />
            <AppCard
              icon={<WindowsFilled />}
              name={t('download.windows')}
              text={t('download.windowsText')}
              href={links?.win32 || undefined}
              button={t('download.windowsButton')}
              loading={config.isPending}
            />
          </ul>
        </section>

        <section className="content-card" aria-labelledby="download-scan">
          <h2 id="download-scan" className="content-card__title">
            {t('download.scanTitle')}
          </h2>
          <div className="qr-row">
            <QrBox
              label={t('download.ios')}
              src={links?.qr_ios || agent?.qr_ios || undefined}
              alt={qr(t('download.ios'))}
              placeholder={t('download.noQr')}
            />
            <QrBox
              label={t('download.android')}
              src={links?.qr_android || agent?.qr_android || undefined}
              alt={qr(t('download.android'))}
              placeholder={t('download.noQr')}
            />
            <QrBox label={t('download.mac')} alt="" placeholder={t('download.maintenance')} />
            <QrBox label={t('download.pc')} alt="" placeholder={t('download.maintenance')} />
          </div>
        </section>

        <VersionHistory />
      </div>
    </>
  );
}
