/**
 * A work's status (spec §4) and the one table of allowed transitions. Zod-free so every page can import it.
 *
 * The last digit says which version is in play: 0 a new work, 1 a change to a work already online (the live version
 * stays live until the change is approved or discarded). The server calls `assertTransition` in one place before
 * every status write; the web uses `allowedActions` to show only what the server would accept.
 */

export const WORK_STATUSES = [
  '00',
  '01',
  '10',
  '11',
  '100',
  '101',
  '200',
  '201',
  '300',
  '301',
  '400',
  '401',
  '990',
  '991',
  '992',
] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];

export function isWorkStatus(value: unknown): value is WorkStatus {
  return typeof value === 'string' && (WORK_STATUSES as readonly string[]).includes(value);
}

/** The §4 label groups, in the order a work moves through them. */
export const STATUS_GROUPS = [
  'awaiting_info',
  'choose_scope',
  'awaiting_signature',
  'under_review',
  'rejected',
  'distributing',
  'online',
  'taken_down',
] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

const GROUP_OF: Record<WorkStatus, StatusGroup> = {
  '00': 'awaiting_info',
  '01': 'awaiting_info',
  '10': 'choose_scope',
  '11': 'choose_scope',
  '100': 'awaiting_signature',
  '101': 'awaiting_signature',
  '200': 'under_review',
  '201': 'under_review',
  '300': 'under_review',
  '301': 'under_review',
  '400': 'rejected',
  '401': 'rejected',
  '990': 'distributing',
  '991': 'online',
  // Not in the spec's table (it has no code for a work withdrawn from the stores): chosen by issue 13.
  '992': 'taken_down',
};

export function statusGroup(status: WorkStatus): StatusGroup {
  return GROUP_OF[status];
}

export function statusesOfGroup(group: StatusGroup): WorkStatus[] {
  return WORK_STATUSES.filter((s) => GROUP_OF[s] === group);
}

export const STATUS_GROUP_LABELS: Record<StatusGroup, { zh: string; en: string }> = {
  awaiting_info: { zh: '待完善信息', en: 'Awaiting information' },
  choose_scope: { zh: '待选择发行范围', en: 'Choose distribution scope' },
  awaiting_signature: { zh: '待授权签名', en: 'Awaiting authorization signature' },
  under_review: { zh: '编辑审核中', en: 'Under editor review' },
  rejected: { zh: '作品被驳回', en: 'Work rejected' },
  distributing: { zh: '作品发行中', en: 'Being distributed' },
  online: { zh: '作品已上线', en: 'Online' },
  taken_down: { zh: '作品已下架', en: 'Taken down' },
};

/** Finer than the §4 label where editors need it: first review (200/201) versus final review (300/301). */
export function reviewStage(status: WorkStatus): 'first' | 'final' | null {
  if (status === '200' || status === '201') return 'first';
  if (status === '300' || status === '301') return 'final';
  return null;
}

/** A change to a work already online (ending 1, plus 991 itself never is). */
export function isChange(status: WorkStatus): boolean {
  return status.length > 0 && status.endsWith('1') && status !== '991';
}

/** Which publishing step a musician resumes at; null when the work is not in the three steps. */
export function resumeStep(status: WorkStatus): 1 | 2 | 3 | null {
  switch (status) {
    case '00':
    case '01':
      return 1;
    case '10':
    case '11':
      return 2;
    case '100':
    case '101':
      return 3;
    default:
      return null;
  }
}

/** `system`: the service itself (delivery derives 991 from the stores' states). */
export type WorkActor = 'user' | 'editor' | 'system';

/**
 * Why a transition happens; each names the actor allowed to cause it. One row per allowed move, nothing else moves.
 * complete_info: step 1 saved complete · choose_scope: step 2 saved · submit: step 3 signed (pre-review clean) ·
 * withdraw: the musician takes it back from review · pass_first / pass_final / reject: editors ·
 * reopen: a rejected work goes back to editing · mark_online: an editor, for stores that confirm nothing ·
 * start_change / discard_change: editing an online work, and giving that up (the live version stays) ·
 * stores_live: the service, once no store is still on its way and at least one is live (delivery, issue 13) ·
 * take_down / restore: the musician withdraws the work from every store (992), and brings it back (→ 990).
 */
export type WorkAction =
  | 'complete_info'
  | 'choose_scope'
  | 'submit'
  | 'withdraw'
  | 'pass_first'
  | 'pass_final'
  | 'reject'
  | 'reopen'
  | 'mark_online'
  | 'start_change'
  | 'discard_change'
  | 'stores_live'
  | 'take_down'
  | 'restore';

interface TransitionRule {
  action: WorkAction;
  actor: WorkActor;
  from: WorkStatus;
  to: WorkStatus;
}

const rule = (action: WorkAction, actor: WorkActor, from: WorkStatus, to: WorkStatus): TransitionRule => ({
  action,
  actor,
  from,
  to,
});

export const TRANSITIONS: readonly TransitionRule[] = [
  // a new work
  rule('complete_info', 'user', '00', '10'),
  rule('choose_scope', 'user', '10', '100'),
  rule('submit', 'user', '100', '200'),
  rule('withdraw', 'user', '200', '100'),
  rule('withdraw', 'user', '300', '100'),
  rule('pass_first', 'editor', '200', '300'),
  rule('pass_final', 'editor', '300', '990'),
  rule('reject', 'editor', '200', '400'),
  rule('reject', 'editor', '300', '400'),
  rule('reopen', 'user', '400', '00'),
  rule('mark_online', 'editor', '990', '991'),
  // a change to a work online
  rule('start_change', 'user', '991', '01'),
  rule('complete_info', 'user', '01', '11'),
  rule('choose_scope', 'user', '11', '101'),
  rule('submit', 'user', '101', '201'),
  rule('withdraw', 'user', '201', '101'),
  rule('withdraw', 'user', '301', '101'),
  rule('pass_first', 'editor', '201', '301'),
  rule('pass_final', 'editor', '301', '990'),
  rule('reject', 'editor', '201', '401'),
  rule('reject', 'editor', '301', '401'),
  rule('reopen', 'user', '401', '01'),
  rule('discard_change', 'user', '01', '991'),
  rule('discard_change', 'user', '11', '991'),
  rule('discard_change', 'user', '101', '991'),
  rule('discard_change', 'user', '401', '991'),
  // delivery (issue 13)
  rule('stores_live', 'system', '990', '991'),
  rule('take_down', 'user', '990', '992'),
  rule('take_down', 'user', '991', '992'),
  rule('restore', 'user', '992', '990'),
];

/** The status an action leads to from `from` for this actor, or null when the table has no such move. */
export function nextStatus(from: WorkStatus, action: WorkAction, actor: WorkActor): WorkStatus | null {
  const found = TRANSITIONS.find((t) => t.from === from && t.action === action && t.actor === actor);
  return found ? found.to : null;
}

export function canTransition(from: WorkStatus, to: WorkStatus, actor: WorkActor): boolean {
  return TRANSITIONS.some((t) => t.from === from && t.to === to && t.actor === actor);
}

export function allowedActions(status: WorkStatus, actor: WorkActor): WorkAction[] {
  return TRANSITIONS.filter((t) => t.from === status && t.actor === actor).map((t) => t.action);
}

/** The musician may change the work's information, scope and files (steps 1–3) in these statuses. */
export const EDITABLE_STATUSES: readonly WorkStatus[] = ['00', '01', '10', '11', '100', '101'];

export function isEditable(status: WorkStatus): boolean {
  return EDITABLE_STATUSES.includes(status);
}

/** A work never online may be deleted by its musician while it is not with an editor. */
export const DELETABLE_STATUSES: readonly WorkStatus[] = ['00', '10', '100', '400'];
