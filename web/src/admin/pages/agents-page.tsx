/** Sites management (admins): every site (agent) the portal serves, by domain; create and edit. */
import { PlusOutlined } from '@ant-design/icons';
import type { AgentInfo } from '@trackline/contract/site';
import { Button, Card, Empty, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAgentList } from '../api/agents';
import { AgentFormDrawer } from '../components/agent-form-drawer';
import { LoadFailed } from '../components/load-failed';
import { PageHeader } from '../components/page-header';
import { useAdminT } from '../i18n';

const dash = (value: string) => value || '--';

export default function AgentsPage() {
  const { t } = useAdminT();
  const list = useAgentList();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Kept while the drawer closes, so it does not flip to "new site" during its close animation.
  const [editing, setEditing] = useState<AgentInfo | null>(null);

  const openDrawer = (agent: AgentInfo | null) => {
    setEditing(agent);
    setDrawerOpen(true);
  };

  const columns: TableColumnsType<AgentInfo> = [
    { title: t('agents.domain'), dataIndex: 'domain', key: 'domain' },
    { title: t('agents.siteTitle'), dataIndex: 'site_title', key: 'site_title' },
    { title: t('agents.company'), dataIndex: 'company_name', key: 'company_name', render: dash },
    { title: t('agents.recordNumber'), dataIndex: 'record_number', key: 'record_number', render: dash },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => openDrawer(row)}>
          {t('common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('agents.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => openDrawer(null)}>
            {t('agents.create')}
          </Button>
        }
      />
      <Card>
        {list.isError ? (
          <LoadFailed onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <Table<AgentInfo>
            rowKey="id"
            columns={columns}
            dataSource={list.data}
            loading={list.isPending}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('agents.empty')} /> }}
          />
        )}
      </Card>
      <AgentFormDrawer open={drawerOpen} agent={editing} onClose={() => setDrawerOpen(false)} />
    </>
  );
}
