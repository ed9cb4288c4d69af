/**
 * A withdrawal's receipt as PDF (pdf-lib, the authorization letter's CJK font): gross, tax withheld, fee, net, the
 * bank and masked card, and every time on the timeline.
 *
 * A paid withdrawal's receipt is a private file, users/<id>/receipts/withdrawal-<n>.pdf (no user_files row, so
 * private: modules/storage/file-access.ts), made once: the key is fixed and the PDF is rendered from the withdrawal
 * alone with its dates taken from the payment, so making it again (two readers at once, a rerun) writes the same
 * bytes to the same key. It is read only through short-lived signed links, minted for its owner (GET
 * /api/bill/withdrawal_receipt redirects to one) and for finance (the console's withdrawal detail). A withdrawal not
 * yet paid has no stored receipt: its owner gets the provisional PDF rendered on request, not stored.
 */
import { formatFen } from '@trackline/contract/format';
import type { WithdrawalView } from '@trackline/contract/withdrawals';
import { sql } from 'kysely';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Deps } from '../../platform/deps';
import { privateFileUrl } from '../storage/file-access';
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
  doc.setProducer('Trackline');
  // Dates from the withdrawal, not the clock: the same withdrawal always gives the same bytes.
  const at = new Date(w.finished_at ?? w.created_at);
  doc.setCreationDate(at);
  doc.setModificationDate(at);
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

const RECEIPT_LOCK_SPACE = 1214;

export function receiptKey(userId: number, withdrawalId: number): string {
  return `users/${userId}/receipts/withdrawal-${withdrawalId}.pdf`;
}

/**
 * The stored receipt of a paid withdrawal (made now if it is not there yet); null for one not paid. The caller has
 * already checked who asks.
 */
export async function storedReceipt(deps: Deps, userId: number, w: WithdrawalView): Promise<string | null> {
  if (w.status !== 'paid') return null;
  const key = receiptKey(userId, w.id);
  if (await deps.storage.stat(key)) return key;
  // One maker at a time per withdrawal (every process): the second finds the file the first wrote.
  await deps.database.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${RECEIPT_LOCK_SPACE}, ${w.id}::int)`.execute(trx);
    if (!(await deps.storage.stat(key))) await deps.storage.put(key, await receiptPdf(deps, w), 'application/pdf');
  });
  return key;
}

/** A short-lived signed link to the paid withdrawal's stored receipt; null for one not paid. */
export async function receiptUrl(deps: Deps, userId: number, w: WithdrawalView): Promise<string | null> {
  const key = await storedReceipt(deps, userId, w);
  return key ? privateFileUrl(deps, key) : null;
}
