/**
 * A work's history (GET /api/publish/history): every status change, newest first, said as what happened ("初审通过")
 * with the status it led to, who did it, the remark and the time. Status codes are the service's own business.
 */
import { WORK_ACTION_LABELS, type WorkHistoryAction } from '@trackline/contract/work-action-labels';
import { STATUS_GROUP_LABELS, statusGroup } from '@trackline/contract/work-status';
import { Drawer, Empty, Skeleton, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useWorkLabels } from './work-labels';
import { useWorkHistory } from './works-api';

interface WorkHistoryDrawerProps {
  work: { id: number; title: string } | null;
  onClose: () => void;
}

export function WorkHistoryDrawer({ work, onClose }: WorkHistoryDrawerProps) {
  const { t } = useTranslation();
  const { pick } = useWorkLabels();
  const history = useWorkHistory(work?.id ?? null);
  const events = [...(history.data ?? [])].reverse();
  const label = (status: Parameters<typeof statusGroup>[0]) => pick(STATUS_GROUP_LABELS[statusGroup(status)]);
  const happened = (action: string | undefined) => {
    const pair = action ? WORK_ACTION_LABELS[action as WorkHistoryAction] : undefined;
    return pair ? pick(pair) : null;
  };

  return (
    <Drawer
      open={work !== null}
      onClose={onClose}
      width={480}
      title={t('works.history.title', { title: work?.title || t('works.untitled') })}
    >
      {history.isPending ? (
        <Skeleton active />
      ) : history.isError ? (
        <p className="rule-issue rule-issue--error">{t('works.loadFailed')}</p>
      ) : events.length === 0 ? (
        <Empty description={t('works.history.empty')} />
      ) : (
        <Timeline
          items={events.map((event) => ({
            key: event.id,
            children: (
              <div className="history-item" data-testid="history-item">
                <div className="history-item__move">{happened(event.action) ?? label(event.to)}</div>
                <div className="history-item__status">{t('works.history.now', { status: label(event.to) })}</div>
                <div className="history-item__meta">
                  {formatDate(event.created_at, true)} ·{' '}
                  {event.actor === 'user'
                    ? t('works.history.you')
                    : event.actor === 'editor'
                      ? t('works.history.editor', { name: event.actor_name })
                      : t('works.history.system')}
                </div>
                {event.remark && <div className="history-item__remark">{event.remark}</div>}
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
