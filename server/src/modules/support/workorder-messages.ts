/**
 * The system messages a work order sends its user (kind 'workorder'), each linking to the order's page. Templates
 * (contract/src/message-templates.ts) rendered in the reader's language when read.
 */
import { type TemplatedMessage, templated } from '@trackline/contract/message-templates';

export const WORKORDER_MESSAGE_KIND = 'workorder';
const EXCERPT_MAX = 200;

export function workorderLink(id: number): string {
  return `/gongdan/detail?id=${id}`;
}

/** The reply's first characters go into the message (the whole reply is on the order's page). */
function excerpt(text: string): string {
  return Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, EXCERPT_MAX).join('');
}

export function staffReplyMessage(
  order: { id: number; title: string },
  reply: { content: string; status: 'answered' | 'awaiting_user' },
): TemplatedMessage {
  return templated(
    WORKORDER_MESSAGE_KIND,
    'workorder.reply',
    {
      id: order.id,
      title: order.title,
      excerpt: excerpt(reply.content),
      awaiting_user: reply.status === 'awaiting_user',
    },
    workorderLink(order.id),
  );
}

export function closedMessage(order: { id: number; title: string }): TemplatedMessage {
  return templated(
    WORKORDER_MESSAGE_KIND,
    'workorder.closed',
    { id: order.id, title: order.title },
    workorderLink(order.id),
  );
}
