/**
 * The system messages an editor's action sends the work's musician (written in the action's transaction): first
 * review passed, approved and being distributed (with the release's codes), rejected (the reason and the editor's
 * text), online. Users have no language of their own yet, so they are written in zh-CN unless told otherwise; each
 * links to the musician's work list, opened at the work.
 */
import { formatIsrc } from '@trackline/contract/identifiers';
import type { ReviewCodes } from '@trackline/contract/review-types';
import { REJECT_REASON_LABELS, type RejectReason } from '@trackline/contract/work-model';

export type MessageLang = 'zh-CN' | 'en';

/** Messages about a work's review; rejections have a kind of their own so the portal can stress them. */
export const WORK_STATUS_MESSAGE_KIND = 'work_status';
export const WORK_REJECTED_MESSAGE_KIND = 'work_rejected';

const TITLE_EXCERPT_MAX = 40;

interface WorkRef {
  id: number;
  title: string;
}

export interface WorkMessage {
  kind: string;
  title: string;
  content: string;
  link: string;
}

function cut(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

function name(work: WorkRef, lang: MessageLang): string {
  const title = cut(work.title, TITLE_EXCERPT_MAX);
  if (lang === 'en') return title ? `"${title}"` : `#${work.id}`;
  return title ? `《${title}》` : `#${work.id}`;
}

/** The musician's work list, opened at this work. */
export function workLink(workId: number): string {
  return `/work-management/list?id=${workId}`;
}

function editorNote(remark: string, lang: MessageLang): string {
  const text = remark.trim();
  if (!text) return '';
  return lang === 'en' ? `\nThe editor's note: ${text}` : `\n编辑留言：${text}`;
}

export function passedFirstMessage(work: WorkRef, remark: string, lang: MessageLang = 'zh-CN'): WorkMessage {
  const en = lang === 'en';
  return {
    kind: WORK_STATUS_MESSAGE_KIND,
    title: en ? `${name(work, lang)} passed the first review` : `作品${name(work, lang)}已通过初审`,
    content:
      (en
        ? 'Your work passed the editors’ first review and is now in final review.'
        : '您的作品已通过编辑初审，正在进行终审。') + editorNote(remark, lang),
    link: workLink(work.id),
  };
}

export function approvedMessage(
  work: WorkRef & { change: boolean },
  codes: ReviewCodes,
  remark: string,
  lang: MessageLang = 'zh-CN',
): WorkMessage {
  const en = lang === 'en';
  const what = work.change ? (en ? 'The change to ' : '作品的修改') : '';
  const lines: string[] = [];
  if (codes.upc) lines.push(`UPC: ${codes.upc}`);
  for (const t of codes.tracks)
    if (t.isrc) lines.push(`${en ? 'Track' : '曲目'} ${t.position} ISRC: ${formatIsrc(t.isrc)}`);
  const intro = en
    ? `${work.change ? 'The change to your work' : 'Your work'} passed review and is being distributed to the platforms.`
    : `您的${work.change ? '作品修改' : '作品'}已通过审核，正在向各平台发行。`;
  return {
    kind: WORK_STATUS_MESSAGE_KIND,
    title: en
      ? `${what}${name(work, lang)} approved: being distributed`
      : `${work.change ? `作品${name(work, lang)}的修改` : `作品${name(work, lang)}`}已通过审核，正在发行`,
    content: `${intro}${lines.length ? `\n${lines.join('\n')}` : ''}${editorNote(remark, lang)}`,
    link: workLink(work.id),
  };
}

export function rejectedMessage(
  work: WorkRef,
  reason: RejectReason,
  text: string,
  lang: MessageLang = 'zh-CN',
): WorkMessage {
  const en = lang === 'en';
  const label = en ? REJECT_REASON_LABELS[reason].en : REJECT_REASON_LABELS[reason].zh;
  const detail = text.trim() ? `\n${en ? 'Details' : '说明'}${en ? ': ' : '：'}${text.trim()}` : '';
  return {
    kind: WORK_REJECTED_MESSAGE_KIND,
    title: en ? `${name(work, lang)} was not approved` : `作品${name(work, lang)}未通过审核`,
    content: en
      ? `Reason: ${label}${detail}\nEdit the work and submit it again.`
      : `驳回原因：${label}${detail}\n请修改作品后重新提交。`,
    link: workLink(work.id),
  };
}

export function onlineMessage(work: WorkRef, remark: string, lang: MessageLang = 'zh-CN'): WorkMessage {
  const en = lang === 'en';
  return {
    kind: WORK_STATUS_MESSAGE_KIND,
    title: en ? `${name(work, lang)} is online` : `作品${name(work, lang)}已上线`,
    content:
      (en ? 'Your work is now online on the platforms you chose.' : '您的作品已在所选平台上线。') +
      editorNote(remark, lang),
    link: workLink(work.id),
  };
}
