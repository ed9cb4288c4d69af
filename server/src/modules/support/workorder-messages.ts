/**
 * The system messages a work order sends its user (kind 'workorder'), in the language the user wrote the order in,
 * each linking to the order's page.
 */
type Lang = 'zh-CN' | 'en';

export const WORKORDER_MESSAGE_KIND = 'workorder';
const EXCERPT_MAX = 200;
const TITLE_EXCERPT_MAX = 40;

function cut(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

export function workorderLink(id: number): string {
  return `/gongdan/detail?id=${id}`;
}

export function staffReplyMessage(
  order: { id: number; title: string; lang: Lang },
  reply: { content: string; status: 'answered' | 'awaiting_user' },
) {
  const title = cut(order.title, TITLE_EXCERPT_MAX);
  const excerpt = cut(reply.content, EXCERPT_MAX);
  const en = order.lang === 'en';
  const ask =
    reply.status === 'awaiting_user'
      ? en
        ? '\nSupport needs more information from you: please reply in the work order.'
        : '\n客服需要您补充信息，请在工单中回复。'
      : '';
  return {
    kind: WORKORDER_MESSAGE_KIND,
    title: en ? `New reply to work order #${order.id} "${title}"` : `工单 #${order.id}「${title}」有新回复`,
    content: `${excerpt}${ask}`,
    link: workorderLink(order.id),
  };
}

export function closedMessage(order: { id: number; title: string; lang: Lang }) {
  const title = cut(order.title, TITLE_EXCERPT_MAX);
  const en = order.lang === 'en';
  return {
    kind: WORKORDER_MESSAGE_KIND,
    title: en ? `Work order #${order.id} "${title}" was closed` : `工单 #${order.id}「${title}」已关闭`,
    content: en
      ? 'Support closed this work order. If the problem is not solved, reply in the work order and it opens again.'
      : '客服已关闭该工单。如问题仍未解决，直接在工单中回复即可重新打开。',
    link: workorderLink(order.id),
  };
}
