import type { ContentState } from '@trackline/contract/content-admin-types';
import { formatDate } from '@trackline/contract/format';
import { Tag } from 'antd';
import { useAdminT } from '../i18n';

const COLORS: Record<ContentState, string> = { draft: 'default', scheduled: 'gold', published: 'green' };

/** Draft, scheduled (with when it goes out) or published: what a visitor sees of the item now. */
export function ContentStateTag({ state, publishAt }: { state: ContentState; publishAt?: string }) {
  const { t } = useAdminT();
  const when = publishAt ? formatDate(publishAt, true) : '';
  return (
    <Tag
      color={COLORS[state]}
      title={state === 'scheduled' && when ? t('content.actions.scheduledAt', { time: when }) : undefined}
    >
      {t(`content.state.${state}`)}
    </Tag>
  );
}
