/**
 * What happened, in words, for a work's history (issue 9: it showed "编辑审核中 (200) → 编辑审核中 (300)").
 * One label per action of work-status.ts, plus the two that are not transitions: 'create' and 'purge'.
 * The change variants (x01 statuses) read the same: the history line shows which version it was about.
 */
import type { WorkAction } from './work-status';

export type WorkHistoryAction = WorkAction | 'create' | 'purge';

export const WORK_ACTION_LABELS: Record<WorkHistoryAction, { zh: string; en: string }> = {
  create: { zh: '创建作品', en: 'Work created' },
  complete_info: { zh: '完善了作品信息', en: 'Information completed' },
  choose_scope: { zh: '选择了发行范围', en: 'Distribution scope chosen' },
  submit: { zh: '签署授权书并提交审核', en: 'Authorization signed and submitted for review' },
  withdraw: { zh: '撤回审核', en: 'Withdrawn from review' },
  pass_first: { zh: '初审通过', en: 'Passed first review' },
  pass_final: { zh: '终审通过，开始发行', en: 'Passed final review; distribution started' },
  reject: { zh: '审核驳回', en: 'Rejected in review' },
  reopen: { zh: '重新编辑被驳回的作品', en: 'Reopened for fixing' },
  mark_online: { zh: '编辑确认已上线', en: 'Confirmed online by an editor' },
  start_change: { zh: '开始修改已上线作品', en: 'Started changing the online work' },
  discard_change: { zh: '放弃修改，保留线上版本', en: 'Change discarded; the online version stays' },
  stores_live: { zh: '各平台已上线', en: 'Live on the stores' },
  take_down: { zh: '申请下架', en: 'Take-down requested' },
  restore: { zh: '申请恢复上架', en: 'Restore requested' },
  purge: { zh: '删除草稿', en: 'Draft deleted' },
};

export function workActionLabel(action: string | undefined, lang: 'zh' | 'en'): string | null {
  const labels = action ? WORK_ACTION_LABELS[action as WorkHistoryAction] : undefined;
  return labels ? labels[lang] : null;
}
