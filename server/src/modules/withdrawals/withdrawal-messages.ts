/**
 * The system messages withdrawals send the musician, in the caller's transaction. Templates
 * (contract/src/message-templates.ts, `withdrawal.*`) rendered in the reader's language when read.
 */
import { type TemplatedMessage, templated } from '@trackline/contract/message-templates';
import type { Db } from '../../platform/db/database';
import { writeUserMessage } from '../messages/messages.service';

export const WITHDRAWAL_MESSAGE_KIND = 'withdrawal';
const LINK = '/person-center/withdraw';

export async function tellMusician(db: Db, userId: number, message: TemplatedMessage): Promise<void> {
  await writeUserMessage(db, userId, message);
}

export function cardChangedMessage(last4: string, holdHours: number): TemplatedMessage {
  return templated(WITHDRAWAL_MESSAGE_KIND, 'withdrawal.card_changed', { last4, hold_hours: holdHours }, LINK);
}

export function approvedMessage(id: number, netFen: string): TemplatedMessage {
  return templated(WITHDRAWAL_MESSAGE_KIND, 'withdrawal.approved', { id, net_fen: netFen }, LINK);
}

export function outcomeMessage(
  outcome: 'paid' | 'refused' | 'failed',
  id: number,
  netFen: string,
  reason: string,
): TemplatedMessage {
  if (outcome === 'paid') return templated(WITHDRAWAL_MESSAGE_KIND, 'withdrawal.paid', { id, net_fen: netFen }, LINK);
  return templated(WITHDRAWAL_MESSAGE_KIND, `withdrawal.${outcome}`, { id, reason }, LINK);
}
