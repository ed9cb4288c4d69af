/**
 * The sites' download settings (content console): the app links and QR images the download page shows. One record
 * for all sites, and one per site that needs its own; edit only (a site without its own uses the global one).
 */
import type { ContentSite } from '@trackline/contract/content-admin-types';
import { formatDate } from '@trackline/contract/format';
import { Button, Card, Image, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useAdminT } from '../i18n';
import { LoadFailed } from '../shell/load-failed';
import { PageHeader } from '../shell/page-header';
import { useContentSites } from './content-api';
import { DownloadFormDrawer } from './download-form-drawer';
import './content-console.css';

const link = (value: string) =>
  value ? (
    <a href={value} target="_blank" rel="noopener noreferrer" className="content-link-cell">
      {value}
    </a>
  ) : (
    '--'
  );

export default function DownloadsPage() {
  const { t } = useAdminT();
  const sites = useContentSites();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<ContentSite | null>(null);
  const siteLabel = (s: ContentSite) => (s.agent_id === null ? t('content.global') : `${s.site_title} (${s.domain})`);
  const qr = (src: string, label: string) =>
    src ? <Image src={src} alt={label} width={48} height={48} /> : <span>--</span>;

  const columns: TableColumnsType<ContentSite> = [
    { title: t('content.downloads.site'), key: 'site', render: (_, s) => siteLabel(s) },
    {
      title: t('content.downloads.source'),
      key: 'source',
      render: (_, s) =>
        s.agent_id === null || s.download.updated_at ? (
          <Tag color="blue">{t('content.downloads.own')}</Tag>
        ) : (
          <Tag>{t('content.downloads.inherits')}</Tag>
        ),
    },
    { title: t('content.downloads.ios'), key: 'ios', render: (_, s) => link(s.download.ios) },
    { title: t('content.downloads.android'), key: 'android', render: (_, s) => link(s.download.android) },
    { title: t('content.downloads.win32'), key: 'win32', render: (_, s) => link(s.download.win32) },
    {
      title: t('content.downloads.qrIos'),
      key: 'qr_ios',
      render: (_, s) => qr(s.download.qr_ios, t('content.downloads.qrIos')),
    },
    {
      title: t('content.downloads.qrAndroid'),
      key: 'qr_android',
      render: (_, s) => qr(s.download.qr_android, t('content.downloads.qrAndroid')),
    },
    {
      title: t('content.field.updatedAt'),
      key: 'updated_at',
      render: (_, s) => formatDate(s.download.updated_at),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, s) => (
        <Button
          type="link"
          size="small"
          aria-label={`${t('common.edit')} ${siteLabel(s)}`}
          onClick={() => {
            setEditing(s);
            setOpen(true);
          }}
        >
          {t('common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('content.downloads.title')} />
      <Card>
        <p className="content-muted">{t('content.downloads.globalHelp')}</p>
        {sites.isError ? (
          <LoadFailed onRetry={() => void sites.refetch()} retrying={sites.isFetching} />
        ) : (
          <Table<ContentSite>
            rowKey={(s) => s.agent_id ?? 0}
            columns={columns}
            dataSource={sites.data}
            loading={sites.isPending}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
          />
        )}
      </Card>
      <DownloadFormDrawer
        open={open}
        site={editing}
        siteLabel={editing ? siteLabel(editing) : ''}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
