/**
 * A work's status as musicians and editors read it (spec §4): the label of its group, coloured by group. Status
 * 10/11 shows the work's remark as a tooltip (§4); 400/401 shows the editor's reason and text as a tooltip and,
 * with `showReason`, inline under the tag. Reusable wherever a work appears (list, entry, review console).
 */
import { InfoCircleOutlined } from '@ant-design/icons';
import type { RejectReason } from '@trackline/contract/work-model';
import { STATUS_GROUP_LABELS, type StatusGroup, statusGroup, type WorkStatus } from '@trackline/contract/work-status';
import { Tag, Tooltip } from 'antd';
import { useWorkLabels } from './work-labels';

const COLORS: Record<StatusGroup, string> = {
  awaiting_info: 'default',
  choose_scope: 'gold',
  awaiting_signature: 'orange',
  under_review: 'processing',
  rejected: 'error',
  distributing: 'cyan',
  online: 'success',
  taken_down: 'default',
};

export interface WorkStatusTagProps {
  status: WorkStatus;
  remark?: string;
  rejectReason?: { code: RejectReason; text: string } | null;
  /** Also write the rejection reason under the tag (lists), not only in its tooltip. */
  showReason?: boolean;
}

export function WorkStatusTag({ status, remark = '', rejectReason = null, showReason = false }: WorkStatusTagProps) {
  const { pick, rejectReason: reasonText } = useWorkLabels();
  const group = statusGroup(status);
  const label = pick(STATUS_GROUP_LABELS[group]);
  const rejected = group === 'rejected';
  const tooltip =
    rejected && rejectReason ? reasonText(rejectReason) : group === 'choose_scope' && remark.trim() ? remark : '';

  const tag = (
    <Tag
      color={COLORS[group]}
      className="work-status-tag"
      data-testid="work-status"
      data-status={status}
      // The tooltip's text is also the tag's description, so it is read without hovering.
      tabIndex={tooltip ? 0 : undefined}
      aria-label={tooltip ? `${label}: ${tooltip}` : undefined}
    >
      {label}
      {tooltip && <InfoCircleOutlined aria-hidden="true" className="work-status-tag__icon" />}
    </Tag>
  );

  return (
    <span className="work-status">
      {tooltip ? <Tooltip title={tooltip}>{tag}</Tooltip> : tag}
      {showReason && rejected && rejectReason && (
        <span className="work-status__reason" data-testid="work-reject-reason">
          {reasonText(rejectReason)}
        </span>
      )}
    </span>
  );
}
