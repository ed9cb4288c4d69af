/** The system messages withdrawals send the musician (zh-CN, as other modules' messages are), in the caller's transaction. */
import { formatFen } from '@trackline/contract/format';
import type { Db } from '../../platform/db/database';
import { insertMessage } from '../messages/messages.repository';

export const WITHDRAWAL_MESSAGE_KIND = 'withdrawal';
const LINK = '/person-center/withdraw';

export async function tellMusician(db: Db, userId: number, title: string, content: string): Promise<void> {
  await insertMessage(db, {
    audience: 'user',
    user_id: userId,
    kind: WITHDRAWAL_MESSAGE_KIND,
    title,
    content,
    link: LINK,
  });
}

export function cardChangedText(last4: string, holdHours: number) {
  return {
    title: '提现银行卡已变更',
    content: `你的提现银行卡已更换为尾号 ${last4} 的银行卡。为保障资金安全，${holdHours} 小时内暂不能提现。如非本人操作，请立即修改密码并联系客服。`,
  };
}

export function outcomeText(outcome: 'paid' | 'refused' | 'failed', id: number, netFen: string, reason: string) {
  if (outcome === 'paid')
    return { title: '提现已到账', content: `提现 #${id} 已打款，实际到账 ¥${formatFen(netFen)}。` };
  if (outcome === 'refused')
    return { title: '提现未通过', content: `提现 #${id} 未通过审核：${reason}。金额已退回可提现余额。` };
  return { title: '提现失败', content: `提现 #${id} 银行退回：${reason}。金额已退回可提现余额。` };
}
