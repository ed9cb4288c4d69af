/**
 * Every status change of a work, oldest first: who (musician, editor by name, system), from → to with the §4
 * labels, the remark and when.
 */
import { formatDate } from '@trackline/contract/format';
import type { WorkEvent } from '@trackline/contract/work-model';
import { reviewStage, STATUS_GROUP_LABELS, statusGroup, type WorkStatus } from '@trackline/contract/work-status';
import { Empty, Timeline } from 'antd';
import { useAdminT } from '../i18n';
import { pickLabel } from './work-status-tag';

export function WorkHistory({ events }: { events: WorkEvent[] }) {
  const { t, language } = useAdminT();
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('review.historyEmpty')} />;
  // Review statuses by their stage (初审中 / 终审中), so a passed first review does not read "under review → under review".
  const name = (status: WorkStatus) => {
    const stage = reviewStage(status);
    const label = stage ? t(`review.stageTag.${stage}`) : pickLabel(STATUS_GROUP_LABELS[statusGroup(status)], language);
    return `${label} (${status})`;
  };
  return (
    <Timeline
      className="admin-review-history"
      items={events.map((event) => ({
        key: event.id,
        color: event.actor === 'editor' ? 'blue' : event.actor === 'system' ? 'gray' : 'green',
        children: (
          <div>
            <div className="admin-review-history-head">
              <strong>
                {t(`review.actor.${event.actor}`)}
                {event.actor_name ? ` · ${event.actor_name}` : ''}
              </strong>
              <time dateTime={event.created_at}>{formatDate(event.created_at, true)}</time>
            </div>
            <div>
              {event.from === null
                ? `${t('review.created')} · ${name(event.to)}`
                : t('review.transition', { from: name(event.from), to: name(event.to) })}
            </div>
            {event.remark && <div className="admin-review-history-remark">{event.remark}</div>}
          </div>
        ),
      }))}
    />
  );
}
