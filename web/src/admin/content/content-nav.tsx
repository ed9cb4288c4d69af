/** The content section's own navigation: one entry per kind, and the download settings. */
import { Menu } from 'antd';
import { Link } from 'react-router';
import { useAdminT } from '../i18n';
import { ADMIN_BASE } from '../paths';
import { CONTENT_KIND_CONFIGS } from './content-kinds';

export const CONTENT_BASE = `${ADMIN_BASE}/content`;
export const DOWNLOADS_SLUG = 'downloads';

export function ContentNav({ current }: { current: string | undefined }) {
  const { t } = useAdminT();
  const items = [
    ...CONTENT_KIND_CONFIGS.map((k) => ({
      key: k.slug,
      label: <Link to={`${CONTENT_BASE}/${k.slug}`}>{t(k.label)}</Link>,
    })),
    { key: DOWNLOADS_SLUG, label: <Link to={`${CONTENT_BASE}/${DOWNLOADS_SLUG}`}>{t('content.kind.downloads')}</Link> },
  ];
  return (
    <nav aria-label={t('content.nav')} className="content-nav">
      <Menu mode="horizontal" selectedKeys={current ? [current] : []} items={items} />
    </nav>
  );
}
