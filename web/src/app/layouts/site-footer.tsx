/**
 * The footer of spec §2: app download QR codes (iOS and Android scan; Mac and PC under maintenance),
 * links to the help-center detail pages, contact details with customer-service QR codes, and the
 * copyright line (2017 to this year) with the record-filing link.
 */
import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAgentInfo, useSiteTitle } from '../../features/site/use-agent-info';
import { FooterQr } from './footer-qr';
import './site-footer.css';

export const FOOTER_START_YEAR = 2017;
const RECORD_SITE = 'https://beian.miit.gov.cn/';

/** Exact targets from the spec; the help centre reads id, type and tid. */
const HELP_LINKS = [
  { label: 'about', to: '/help-center/index?id=3&type=2&tid=0' },
  { label: 'agreement', to: '/help-center/index?id=5&type=2&tid=0' },
  { label: 'admission', to: '/help-center/index?id=6&type=2&tid=0' },
  { label: 'helpCentre', to: '/help-center/index' },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const { data: agent } = useAgentInfo();
  const siteTitle = useSiteTitle();
  const company = agent?.company_name?.trim() || siteTitle;
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="shell-width site-footer__grid">
        <section className="site-footer__apps" aria-labelledby="footer-apps">
          <h2 id="footer-apps" className="site-footer__heading">
            {t('footer.apps')}
          </h2>
          <div className="site-footer__qr-row">
            <FooterQr
              label={t('footer.ios')}
              src={agent?.qr_ios}
              alt={t('footer.qrAlt', { name: t('footer.ios') })}
              placeholder={t('footer.noQr')}
            />
            <FooterQr
              label={t('footer.android')}
              src={agent?.qr_android}
              alt={t('footer.qrAlt', { name: t('footer.android') })}
              placeholder={t('footer.noQr')}
            />
            <FooterQr label={t('footer.mac')} alt="" placeholder={t('footer.maintenance')} />
            <FooterQr label={t('footer.pc')} alt="" placeholder={t('footer.maintenance')} />
          </div>
        </section>

        <nav className="site-footer__links" aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            {t('footer.links')}
          </h2>
          <ul>
            {HELP_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to}>{t(`footer.${link.label}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <section className="site-footer__contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t('footer.contact')}
          </h2>
          <ul className="site-footer__contact-list">
            {agent?.contact_phone && (
              <li>
                <PhoneOutlined aria-label={t('footer.phone')} />{' '}
                <a href={`tel:${agent.contact_phone.replace(/\s/g, '')}`}>{agent.contact_phone}</a>
              </li>
            )}
            {agent?.contact_email && (
              <li>
                <MailOutlined aria-label={t('footer.email')} />{' '}
                <a href={`mailto:${agent.contact_email}`}>{agent.contact_email}</a>
              </li>
            )}
            {agent?.contact_address && (
              <li>
                <EnvironmentOutlined aria-label={t('footer.address')} /> {agent.contact_address}
              </li>
            )}
          </ul>
          <div className="site-footer__qr-row">
            {agent?.qr_service && (
              <FooterQr
                label={t('footer.serviceQr')}
                src={agent.qr_service}
                alt={t('footer.qrAlt', { name: t('footer.serviceQr') })}
                placeholder=""
                size={96}
              />
            )}
            {agent?.qr_wechat && (
              <FooterQr
                label={t('footer.wechatQr')}
                src={agent.qr_wechat}
                alt={t('footer.qrAlt', { name: t('footer.wechatQr') })}
                placeholder=""
                size={96}
              />
            )}
          </div>
        </section>
      </div>

      <div className="site-footer__bottom">
        <div className="shell-width site-footer__bottom-inner">
          <span>
            © {FOOTER_START_YEAR}-{year} {company}
          </span>
          {agent?.record_number && (
            <a href={agent.record_url || RECORD_SITE} target="_blank" rel="noopener noreferrer">
              {agent.record_number}
            </a>
          )}
        </div>
      </div>
    </footer>
  );
}
