/** Sites management (admins): every site (agent) the portal serves, by domain; create and edit. */
import type { AgentInfo } from '@trackline/contract/site';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAdminT } from '../i18n';
import { ListPage } from '../shell/list-page';
import { AgentFormDrawer } from './agent-form-drawer';
import { useAgentList } from './agents-api';

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
      <ListPage
        title={t('agents.title')}
        createLabel={t('agents.create')}
        onCreate={() => openDrawer(null)}
        emptyText={t('agents.empty')}
        columns={columns}
        list={list}
      />
      <AgentFormDrawer open={drawerOpen} agent={editing} onClose={() => setDrawerOpen(false)} />
    </>
  );
}
