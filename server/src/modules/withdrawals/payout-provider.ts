/**
 * The payout provider interface: how approved withdrawals reach a bank, and how a card is checked. Every order
 * carries the withdrawal's id as the provider's order id, and a provider pays an order id at most once, so a
 * resent batch (a job rerun after a crash) cannot pay twice.
 *
 * - `devlog` (development default): "pays" by appending to DATA_DIR/payouts/devlog.jsonl (an order already in the
 *   log is not written again) and answers through the signed callback after PAYOUT_DEV_DELAY_SECONDS (a delayed
 *   job). Its card check refuses ID numbers ending in 0000, so the refusal can be shown.
 * - `bankfile`: writes the batch as the bank's CSV file (DATA_DIR/payouts/batch-<id>.csv, private: finance
 *   downloads it through the console) for a manual transfer; finance uploads the bank's result file back.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../platform/deps';

export interface PayoutOrder {
  orderId: string;
  payeeName: string;
  cardNo: string;
  bankCode: string;
  netFen: bigint;
}

export interface CardCheck {
  name: string;
  idNo: string;
  cardNo: string;
  mobile?: string;
}

export interface PayoutProvider {
  name: 'devlog' | 'bankfile';
  /** A three- or four-factor card check, where the provider offers one. */
  verifyCard?(check: CardCheck): Promise<boolean>;
  /** Hands the orders to the provider; an order id it already has is not paid again. */
  send(batchId: number, orders: PayoutOrder[]): Promise<void>;
}

export function payoutDir(deps: Deps): string {
  return path.join(deps.config.dataDir, 'payouts');
}

export function bankFilePath(deps: Deps, batchId: number): string {
  return path.join(payoutDir(deps), `batch-${batchId}.csv`);
}

function yuan(fen: bigint): string {
  return `${fen / 100n}.${(fen % 100n).toString().padStart(2, '0')}`;
}

function csvCell(v: string): string {
  return /[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function devlogProvider(deps: Deps, onSent: (orderIds: string[]) => Promise<void>): PayoutProvider {
  const file = path.join(payoutDir(deps), 'devlog.jsonl');
  return {
    name: 'devlog',
    async verifyCard(check) {
      return !check.idNo.endsWith('0000');
    },
    async send(batchId, orders) {
      await mkdir(payoutDir(deps), { recursive: true });
      const have = new Set(
        (await readFile(file, 'utf8').catch(() => ''))
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as { order_id: string }).order_id),
      );
      const fresh = orders.filter((o) => !have.has(o.orderId));
      if (fresh.length > 0) {
        const lines = fresh.map((o) =>
          JSON.stringify({
            order_id: o.orderId,
            batch_id: batchId,
            payee: o.payeeName,
            card_last4: o.cardNo.slice(-4),
            bank: o.bankCode,
            amount: yuan(o.netFen),
            at: new Date().toISOString(),
          }),
        );
        await appendFile(file, `${lines.join('\n')}\n`);
      }
      await onSent(orders.map((o) => o.orderId));
    },
  };
}

export const BANK_FILE_HEADER = 'order_id,payee_name,card_no,bank_code,amount_yuan';
export const BANK_RESULT_HEADER = 'order_id,result,detail';

export function bankFileProvider(deps: Deps): PayoutProvider {
  return {
    name: 'bankfile',
    async send(batchId, orders) {
      await mkdir(payoutDir(deps), { recursive: true });
      const rows = orders.map((o) =>
        [o.orderId, o.payeeName, o.cardNo, o.bankCode, yuan(o.netFen)].map(csvCell).join(','),
      );
      // Written whole each time: a rerun writes the same file.
      await writeFile(bankFilePath(deps, batchId), `${BANK_FILE_HEADER}\n${rows.join('\n')}\n`, { mode: 0o600 });
    },
  };
}

/** The callback's signature: HMAC-SHA256 over `id.outcome.detail`, hex. */
export function callbackSecret(deps: Deps): string {
  return (
    deps.config.withdrawals.callbackSecret ?? createHmac('sha256', deps.secret).update('payout-callback').digest('hex')
  );
}

export function signCallback(secret: string, id: number, outcome: string, detail: string): string {
  return createHmac('sha256', secret).update(`${id}.${outcome}.${detail}`).digest('hex');
}

export function checkCallback(secret: string, id: number, outcome: string, detail: string, sig: string): boolean {
  const want = Buffer.from(signCallback(secret, id, outcome, detail), 'hex');
  const got = Buffer.from(/^[0-9a-f]{64}$/.test(sig) ? sig : '', 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}
