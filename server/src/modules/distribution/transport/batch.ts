/**
 * The layout of one upload (ERN Part 3): in batch mode `N_<BatchId>/<ICPN>/<ICPN>.xml` with `resources/` beside each
 * message; release by release, `N_<ICPN>_<BatchId>/<ICPN>.xml` and `resources/`. Resources go before their message,
 * and the non-empty BatchComplete last (adapter.ts). The BatchComplete names each message of the batch, so a store
 * (or a person) can check the batch against it.
 */
import { Readable } from 'node:stream';
import { create } from 'xmlbuilder2';
import { batchCompleteName, batchFolderName, messageFileName, releaseFiles } from '../ern/file-names';
import type { ReleaseModel } from '../release-model';
import type { BatchFile, BatchUpload, FileSource } from './adapter';

export type BatchMode = 'batch' | 'release';

export interface OutgoingMessage {
  messageId: string;
  upc: string;
  xml: string;
  /** The binaries this message carries (those it lists as not provided are not here). */
  resources: Array<{ path: string; sizeBytes: number; source: FileSource; sha256?: string }>;
}

export function textSource(text: string): FileSource {
  return { text, open: async () => Readable.from([Buffer.from(text, 'utf8')]) };
}

function completeManifest(batchId: string, entries: Array<{ messageId: string; file: string }>): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele('BatchComplete', { BatchId: batchId, MessageCount: String(entries.length) });
  for (const e of entries) root.ele('Message', { MessageId: e.messageId, File: e.file });
  return doc.end({ prettyPrint: true });
}

export function batchUpload(mode: BatchMode, batchId: string, messages: readonly OutgoingMessage[]): BatchUpload {
  if (mode === 'release' && messages.length !== 1) throw new Error('release by release: one message per upload');
  const files: BatchFile[] = [];
  const entries: Array<{ messageId: string; file: string }> = [];
  for (const m of messages) {
    const prefix = mode === 'batch' ? `${m.upc}/` : '';
    for (const r of m.resources)
      files.push({
        path: `${prefix}${r.path}`,
        sizeBytes: r.sizeBytes,
        source: r.source,
        kind: 'resource',
        messageId: m.messageId,
        sha256: r.sha256,
      });
    const xmlPath = `${prefix}${messageFileName(m.upc)}`;
    files.push({
      path: xmlPath,
      sizeBytes: Buffer.byteLength(m.xml, 'utf8'),
      source: textSource(m.xml),
      kind: 'message',
      messageId: m.messageId,
    });
    entries.push({ messageId: m.messageId, file: xmlPath });
  }
  const folder = mode === 'batch' ? batchFolderName(batchId) : `N_${messages[0]!.upc}_${batchId}`;
  return { folder, files, complete: { name: batchCompleteName(batchId), content: completeManifest(batchId, entries) } };
}

/** A checked message of this release as it goes out: its XML and the files it carries (not those not provided). */
export function outgoingFor(
  release: ReleaseModel,
  message: { messageId: string; xml: string; filesNotProvided: ReadonlySet<string> },
  sourceFor: (key: string) => FileSource,
): OutgoingMessage {
  const resources = releaseFiles(release)
    .filter((f) => !message.filesNotProvided.has(f.key))
    .map((f) => ({ path: f.path, sizeBytes: f.sizeBytes, source: sourceFor(f.key), sha256: f.sha256 }));
  return { messageId: message.messageId, upc: release.upc, xml: message.xml, resources };
}
