/** Staff management (admins): the members, with create, edit, and enable/disable. */
import { formatDate } from '@trackline/contract/format';
import type { StaffInfo } from '@trackline/contract/staff';
import { Badge, Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAdminT } from '../i18n';
import { useCurrentStaff } from '../shell/current-staff';
import { ListPage } from '../shell/list-page';
import { RoleTags } from './role-tags';
import { useStaffList } from './staff-api';
import { StaffCreateModal } from './staff-create-modal';
import { StaffEditModal } from './staff-edit-modal';
import { StaffStatusToggle } from './staff-status-toggle';

export default function StaffPage() {
  const { t } = useAdminT();
  const me = useCurrentStaff();
  const list = useStaffList();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffInfo | null>(null);

  const columns: TableColumnsType<StaffInfo> = [
    { title: t('staff.username'), dataIndex: 'username', key: 'username' },
    {
      title: t('staff.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => (row.id === me.id ? `${name}${t('staff.you')}` : name),
    },
    { title: t('staff.roles'), key: 'roles', render: (_, row) => <RoleTags roles={row.roles} /> },
    {
      title: t('staff.status'),
      key: 'status',
      render: (_, row) =>
        row.disabled ? (
          <Badge status="default" text={t('staff.disabled')} />
        ) : (
          <Badge status="success" text={t('staff.enabled')} />
        ),
    },
    {
      title: t('staff.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      render: (value: string) => formatDate(value),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) => (
        <span className="admin-row-actions">
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            {t('common.edit')}
          </Button>
          <StaffStatusToggle staff={row} isSelf={row.id === me.id} />
        </span>
      ),
    },
  ];

  return (
    <>
      <ListPage
        title={t('staff.title')}
        createLabel={t('staff.create')}
        onCreate={() => setCreating(true)}
        emptyText={t('staff.empty')}
        columns={columns}
        list={list}
      />
      <StaffCreateModal open={creating} onClose={() => setCreating(false)} />
      <StaffEditModal staff={editing} onClose={() => setEditing(null)} />
    </>
  );
}
