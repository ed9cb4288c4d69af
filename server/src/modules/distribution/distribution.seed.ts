/**
 * Demo stores (SEED_DEMO): every store still without a DDEX party id gets a demo one (PADPIDADEMO…) and sends
 * TestMessages, so the demo's deliveries go the whole real way — built, checked, written into the store's folder under
 * DELIVERY_DIR — from the first start. An operator replaces them with the ids the stores allot (and the real
 * transport) in the platforms table; a store with a real id is never touched here.
 */
import { sql } from 'kysely';
import type { Deps } from '../../platform/deps';

export async function seedDemoStores(deps: Deps): Promise<void> {
  await deps.database.db
    .updateTable('platforms')
    .set({ dpid: sql<string>`'PADPIDADEMO' || upper(replace(code, '_', ''))`, test_messages: true })
    .where('dpid', 'is', null)
    .execute();
}
