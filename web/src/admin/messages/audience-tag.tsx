import type { BroadcastItem } from '@trackline/contract/messages-types';
import { Tag } from 'antd';
import { useAdminT } from '../i18n';

const COLORS = { all: 'purple', agent: 'blue', user: 'green' } as const;

/** Who a broadcast went to: everyone, one site (by name when known), or one user (masked mobile). */
export function AudienceTag({ item, siteName }: { item: BroadcastItem; siteName?: string }) {
  const { t } = useAdminT();
  const label = t(`broadcasts.audience.${item.audience}`);
  let detail: string | null = null;
  if (item.audience === 'user') detail = item.user_mobile;
  else if (item.audience === 'agent') detail = siteName ?? (item.agent_id === null ? null : `#${item.agent_id}`);
  return (
    <span className="admin-row-actions">
      <Tag color={COLORS[item.audience]}>{label}</Tag>
      {detail && <span>{detail}</span>}
    </span>
  );
}
