/**
 * /admin/covers (roles content and admin): the cover makers' backgrounds. Every background with its thumbnail,
 * category and whether it is offered; content staff add one (by spec: no picture files) and retire or restore one.
 */
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Table, Tag } from 'antd';
import { useState } from 'react';
import { useAdminT } from '../i18n';
import { LoadFailed } from '../shell/load-failed';
import { PageHeader } from '../shell/page-header';
import { BackgroundFormModal } from './background-form-modal';
import {
  type AdminBackground,
  addBackground,
  retireBackground,
  useAdminBackgrounds,
  useRefreshBackgrounds,
} from './covers-api';
import './covers.css';

export default function CoversPage() {
  const { t, language } = useAdminT();
  const { message, modal } = App.useApp();
  const list = useAdminBackgrounds();
  const refresh = useRefreshBackgrounds();
  const [adding, setAdding] = useState(false);
  const en = language === 'en';

  const toggle = (bg: AdminBackground) => {
    const go = async () => {
      await retireBackground(bg.id, !bg.retired);
      message.success(t('covers.saved'));
      await refresh();
    };
    if (bg.retired) void go();
    else
      modal.confirm({
        title: t('covers.retireConfirm', { name: en ? bg.name_en : bg.name_zh }),
        onOk: go,
      });
  };

  return (
    <div className="covers-admin">
      <PageHeader
        title={t('covers.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setAdding(true)}>
            {t('covers.add')}
          </Button>
        }
      />
      <p className="covers-admin__intro">{t('covers.intro')}</p>
      {list.isError ? (
        <LoadFailed onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : (
        <Table<AdminBackground>
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: 600 }}
          locale={{ emptyText: t('covers.empty') }}
          columns={[
            {
              title: t('covers.thumb'),
              key: 'thumb',
              width: 80,
              render: (_, bg) => <img src={bg.thumb} alt="" width={56} height={56} className="covers-admin__thumb" />,
            },
            { title: t('covers.name'), key: 'name', render: (_, bg) => (en ? bg.name_en : bg.name_zh) },
            { title: t('covers.category'), key: 'category', render: (_, bg) => t(`covers.categories.${bg.category}`) },
            {
              title: t('covers.status'),
              key: 'status',
              render: (_, bg) =>
                bg.retired ? <Tag>{t('covers.retired')}</Tag> : <Tag color="green">{t('covers.offered')}</Tag>,
            },
            {
              title: '',
              key: 'action',
              render: (_, bg) => (
                <Button size="small" onClick={() => toggle(bg)}>
                  {bg.retired ? t('covers.restore') : t('covers.retire')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <BackgroundFormModal
        open={adding}
        onClose={() => setAdding(false)}
        onSubmit={async (body) => {
          await addBackground(body);
          message.success(t('covers.saved'));
          setAdding(false);
          await refresh();
        }}
      />
    </div>
  );
}
