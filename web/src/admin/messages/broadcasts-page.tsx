/** Message broadcasts (support, content): what was sent, to whom, and how many have read it; send a new one. */
import { formatDate } from '@trackline/contract/format';
import type { BroadcastItem } from '@trackline/contract/messages-types';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAdminT } from '../i18n';
import { ListPage } from '../shell/list-page';
import { useAgentList } from '../site/agents-api';
import { AudienceTag } from './audience-tag';
import { BroadcastCreateModal } from './broadcast-create-modal';
import { BROADCAST_PAGE_SIZE, useBroadcastPage } from './broadcasts-api';

export default function BroadcastsPage() {
  const { t } = useAdminT();
  const [page, setPage] = useState(1);
  const { list, total } = useBroadcastPage(page);
  const agents = useAgentList();
  const [creating, setCreating] = useState(false);
  const siteName = (id: number | null) => agents.data?.find((agent) => agent.id === id)?.site_title;

  const columns: TableColumnsType<BroadcastItem> = [
    { title: t('broadcasts.titleLabel'), dataIndex: 'title', key: 'title' },
    {
      title: t('broadcasts.audienceLabel'),
      key: 'audience',
      render: (_, row) => <AudienceTag item={row} siteName={siteName(row.agent_id)} />,
    },
    {
      title: t('broadcasts.sentAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      render: (value: string) => formatDate(value, true),
    },
    { title: t('broadcasts.readCount'), dataIndex: 'read_count', key: 'read_count', align: 'right' },
  ];

  return (
    <>
      <ListPage
        title={t('broadcasts.title')}
        createLabel={t('broadcasts.create')}
        onCreate={() => setCreating(true)}
        emptyText={t('broadcasts.empty')}
        columns={columns}
        list={list}
        pagination={{
          current: page,
          pageSize: BROADCAST_PAGE_SIZE,
          total,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
      <BroadcastCreateModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
