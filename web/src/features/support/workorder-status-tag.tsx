import type { WorkorderStatus } from '@trackline/contract/workorder-types';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<WorkorderStatus, string> = {
  open: 'processing',
  answered: 'success',
  awaiting_user: 'warning',
  closed: 'default',
};

/** A work order's status as the musician reads it (open: waiting for support; awaiting_user: their turn). */
export function WorkorderStatusTag({ status }: { status: WorkorderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} className="workorder-status">
      {t(`workorders.status.${status}`)}
    </Tag>
  );
}
