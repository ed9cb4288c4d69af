/**
 * Step 3: the stores' answers. Each store's acknowledgement folder is read for files not seen before; each file is
 * recorded once (delivery_acks, unique by store and name, so two pollers never apply one twice) and applied to the
 * message it names: FileOK → acknowledged (a takedown → taken down, a purge → purged), an error status → failed with the store's code
 * and text. A second acknowledgement may come after a FileOK, reporting a problem found later: it fails the message
 * then, live or not. Stores that go live by themselves (live_confirmation 'ack') are live once accepted and their
 * release date (China time) has come.
 */
import type { Deps } from '../../platform/deps';
import { shanghaiToday } from '../works/calendar';
import { parseAcknowledgement } from './acknowledgements';
import { noticeStoreChange, refreshWorkStatus } from './delivery-status';
import {
  ackNamesSeen,
  acknowledgedDue,
  insertAck,
  messageById,
  messageByMessageId,
  moveMessage,
  storesToPoll,
} from './distribution.repository';
import { adapterFor } from './store-config';

/** Reads every store's new acknowledgements; answers how many were applied to a message. */
export async function pollAcknowledgements(deps: Deps, log: (msg: string) => void = () => undefined): Promise<number> {
  const db = deps.database.db;
  let applied = 0;
  const touched = new Set<number>();
  for (const store of await storesToPoll(db)) {
    let adapter: ReturnType<typeof adapterFor> | undefined;
    try {
      adapter = adapterFor(store, deps.config.delivery);
      const files = await adapter.readAcknowledgements(await ackNamesSeen(db, store.code));
      for (const file of files) {
        const ack = parseAcknowledgement(file.name, file.text);
        const message = ack ? await messageByMessageId(db, ack.messageId) : undefined;
        const ours = message && message.platform_code === store.code ? message : undefined;
        const fresh = await insertAck(db, {
          platform_code: store.code,
          file_name: file.name,
          message_row_id: ours?.id ?? null,
          status: ack?.status ?? 'Unreadable',
          error_text: ack?.errorText ?? '',
          raw: file.text,
        });
        if (!fresh || !ack || !ours) continue;
        const now = new Date();
        if (ack.ok) {
          const to = ours.action === 'takedown' ? 'taken_down' : ours.action === 'purge' ? 'purged' : 'acknowledged';
          if (
            await moveMessage(db, ours.id, ['uploading', 'delivered'], to, {
              ack_status: ack.status,
              ack_text: ack.errorText,
              acknowledged_at: now,
            })
          )
            applied += 1;
        } else if (
          await moveMessage(db, ours.id, ['uploading', 'delivered', 'acknowledged', 'live'], 'failed', {
            ack_status: ack.status,
            ack_text: ack.errorText,
            acknowledged_at: now,
            failure_rule: `ack.${ack.status}`,
            failure_detail: JSON.stringify({ file: file.name, text: ack.errorText }),
          })
        ) {
          applied += 1;
          await noticeStoreChange(deps, (await messageById(db, ours.id))!, 'failed');
        }
        touched.add(ours.work_id);
      }
    } catch (err) {
      // One store unreachable must not keep the others' answers waiting; it is tried again at the next poll.
      log(`acknowledgements of ${store.code}: ${(err as Error).message}`);
    } finally {
      await adapter?.close().catch(() => undefined);
    }
  }
  for (const id of await goLiveByDate(deps)) touched.add(id);
  for (const workId of touched) await refreshWorkStatus(deps, workId);
  return applied;
}

/** Accepted messages whose store goes live by itself and whose release date has come: live. Answers their works. */
export async function goLiveByDate(deps: Deps): Promise<number[]> {
  const db = deps.database.db;
  const works: number[] = [];
  for (const due of await acknowledgedDue(db, shanghaiToday())) {
    if (await moveMessage(db, due.id, ['acknowledged'], 'live', { live_at: new Date(), live_by: 'store' })) {
      works.push(due.work_id);
      await noticeStoreChange(deps, (await messageById(db, due.id))!, 'live');
    }
  }
  return works;
}
