/**
 * A work's status as editors see it: the §4 label (the same words the musician reads), finer for review (first or
 * final) and marked when it is a change to a work already online. The code itself is in the tooltip. `change`
 * overrides what the status says: the queue knows that a 990 work is an approved change from its history.
 */
import {
  isChange,
  reviewStage,
  STATUS_GROUP_LABELS,
  statusGroup,
  type WorkStatus,
} from '@trackline/contract/work-status';
import { Tag } from 'antd';
import { useAdminT } from '../i18n';

const COLORS: Record<ReturnType<typeof statusGroup>, string> = {
  awaiting_info: 'default',
  choose_scope: 'default',
  awaiting_signature: 'default',
  under_review: 'processing',
  rejected: 'error',
  distributing: 'gold',
  online: 'success',
  taken_down: 'default',
};

/** A contract label object ({ zh, en }) in the console's language. */
export function pickLabel(label: { zh: string; en: string }, language: string): string {
  return language === 'en' ? label.en : label.zh;
}

export function WorkStatusTag({ status, change }: { status: WorkStatus; change?: boolean }) {
  const { t, language } = useAdminT();
  const group = statusGroup(status);
  const stage = reviewStage(status);
  const label = stage ? t(`review.stageTag.${stage}`) : pickLabel(STATUS_GROUP_LABELS[group], language);
  return (
    <span className="admin-review-status">
      <Tag color={COLORS[group]} title={`${pickLabel(STATUS_GROUP_LABELS[group], language)} · ${status}`}>
        {label}
      </Tag>
      {(change ?? isChange(status)) && <Tag color="purple">{t('review.changeTag')}</Tag>}
    </span>
  );
}
