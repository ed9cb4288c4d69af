/**
 * A store's delivery settings (its platforms row) turned into what the engine uses: the adapter to its files, its
 * rule pack, its deal terms and its DDEX identity. Secrets come from the DELIVERY_CREDENTIALS setting by the row's
 * credential_ref and go nowhere but the SFTP client: never into a log, a message row or an answer.
 */
import path from 'node:path';
import type { Config } from '../../config';
import type { StoreRow } from './distribution.repository';
import { type GateIssue, issue } from './gates/gate-result';
import { rulePack, type StoreRules } from './gates/store-rules';
import type { DealTerms } from './release-model';
import { type StoreAdapter, storeAdapter, TransportError } from './transport/adapter';
import { localFolderTarget } from './transport/local-folder';
import { sftpTarget } from './transport/sftp';

export interface StoreConfig {
  code: string;
  recipient: { dpid: string; name: string };
  rules: StoreRules;
  deals: DealTerms[];
  test: boolean;
  mode: 'batch' | 'release';
}

/** The store's configuration, or the settings it lacks (each named): a store is never delivered to half-configured. */
export function storeConfig(row: StoreRow): { ok: true; config: StoreConfig } | { ok: false; issues: GateIssue[] } {
  const issues: GateIssue[] = [];
  if (!row.dpid) issues.push(issue('store', 'config.recipient_dpid', row.code, 'the store has no DDEX party id'));
  const deals = Array.isArray(row.deal_terms) ? (row.deal_terms as DealTerms[]) : [];
  if (deals.length === 0) issues.push(issue('store', 'config.deal_terms', row.code, 'no commercial model set'));
  if (issues.length > 0 || !row.dpid) return { ok: false, issues };
  return {
    ok: true,
    config: {
      code: row.code,
      recipient: { dpid: row.dpid, name: row.ddex_name || row.name_en },
      rules: rulePack(row.rule_pack),
      deals,
      test: row.test_messages,
      mode: row.batch_mode,
    },
  };
}

/** Opens the store's transport. Throws TransportError('transport.config') for a store that cannot be reached. */
export function adapterFor(row: StoreRow, delivery: Config['delivery']): StoreAdapter {
  const options = { root: row.folder, ackFolder: row.ack_folder || 'acknowledgements' };
  if (row.transport === 'local') {
    const dir = path.resolve(delivery.dir, row.address || row.code);
    if (!dir.startsWith(path.resolve(delivery.dir)))
      throw new TransportError('transport.config', `${row.code}: the folder is outside DELIVERY_DIR`);
    return storeAdapter(localFolderTarget(dir), options);
  }
  if (row.transport === 'sftp') {
    const m = /^([^:\s]+)(?::(\d{1,5}))?$/.exec(row.address);
    if (!m) throw new TransportError('transport.config', `${row.code}: the address is not host[:port]`);
    const secret = delivery.credentials[row.credential_ref];
    if (!secret)
      throw new TransportError('transport.config', `${row.code}: no credentials under "${row.credential_ref}"`);
    return storeAdapter(
      sftpTarget({
        host: m[1]!,
        port: Number(m[2] ?? 22),
        username: row.username,
        password: secret.password,
        privateKey: secret.privateKey,
        hostKeySha256: row.host_key_sha256,
      }),
      { ...options, root: row.folder || '.' },
    );
  }
  throw new TransportError('transport.config', `${row.code}: not delivered by the engine`);
}
