import type { WorkorderStatus } from '@trackline/contract/workorder-types';
import { Tag } from 'antd';
import { useAdminT } from '../i18n';

const COLORS: Record<WorkorderStatus, string> = {
  open: 'processing',
  answered: 'success',
  awaiting_user: 'warning',
  closed: 'default',
};

/** A work order's status for staff (open: support's turn; awaiting_user: the user's). */
export function WorkorderStatusTag({ status }: { status: WorkorderStatus }) {
  const { t } = useAdminT();
  return <Tag color={COLORS[status]}>{t(`workorders.statuses.${status}`)}</Tag>;
}
