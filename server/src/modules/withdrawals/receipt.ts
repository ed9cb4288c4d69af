/**
 * A withdrawal's receipt as PDF (pdf-lib, the authorization letter's CJK font): gross, tax withheld, fee, net, the
 * bank and masked card, and every time on the timeline. Made on request for the owner (or finance) behind their
 * session, never stored where a URL could reach it.
 */
import { formatFen } from '@trackline/contract/format';
import type { WithdrawalView } from '@trackline/contract/withdrawals';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Deps } from '../../platform/deps';
import { embedLetterFont, printable } from '../works/pdf-font';

const STATUS: Record<string, string> = {
  requested: '已申请 Requested',
  approved_first: '初审通过 First approval',
  approved: '审核通过 Approved',
  sent: '已提交银行 Sent to the bank',
  paid: '已到账 Paid',
  refused: '未通过 Refused',
  failed: '失败 Failed',
};

function chinaTime(iso: string): string {
  return `${new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} (UTC+8)`;
}

export async function receiptPdf(_deps: Deps, w: WithdrawalView): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const f = await embedLetterFont(doc, () => undefined);
  doc.setTitle(printable(f, `提现回单 Withdrawal receipt #${w.id}`));
  doc.setCreator('Trackline');
  const page = doc.addPage([595, 842]);
  let y = 780;
  const line = (text: string, size = 11, color = rgb(0.1, 0.1, 0.15)) => {
    page.drawText(printable(f, text), { x: 56, y, size, font: f.font, color });
    y -= size + 10;
  };
  line('提现回单 Withdrawal receipt', 18);
  line(`编号 No. ${w.id}`, 10, rgb(0.4, 0.4, 0.45));
  y -= 8;
  line(`收款人 Payee: ${w.payee_name}`);
  line(`银行 Bank: ${w.bank_name} (${w.bank_code})   卡号 Card: ${w.card_no}`);
  y -= 6;
  line(`提现金额 Gross: ¥${formatFen(w.gross_fen)}`);
  line(`代扣个人所得税 Income tax withheld: ¥${formatFen(w.tax_fen)}`);
  line(`手续费 Fee: ¥${formatFen(w.fee_fen)}`);
  line(`实际到账 Net: ¥${formatFen(w.net_fen)}`, 13);
  y -= 6;
  line(`状态 Status: ${STATUS[w.status] ?? w.status}${w.reason ? ` — ${w.reason}` : ''}`);
  y -= 6;
  line('时间线 Timeline', 12);
  for (const e of w.timeline)
    line(`${chinaTime(e.at)}  ${STATUS[e.status] ?? e.status}${e.note ? ` — ${e.note}` : ''}`, 10);
  return Buffer.from(await doc.save());
}
