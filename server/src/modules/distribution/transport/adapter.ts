/**
 * Transport: how a batch reaches a store. A store adapter is a file target (an SFTP account, a local folder; an S3 or
 * GCS bucket or a store's own API would be one more) plus the one choreography every DDEX ERN Part 3 store expects,
 * written once here:
 *
 * - every file goes up under a temporary name (`.part`), its size is checked on the far side, and only then is it
 *   renamed to its real name — so a store never sees half a file under a real name;
 * - a file already there under its real name with the right size was finished by an earlier attempt and is kept, so
 *   a batch interrupted anywhere is resumed, never sent twice;
 * - the non-empty BatchComplete file is written last (the same way), once every file of the batch is verified.
 *
 * Acknowledgements are files the store writes into its acknowledgement folder; the adapter lists and reads the ones
 * not seen before (acknowledgements.ts parses them).
 */
import type { Readable } from 'node:stream';

/** Where a file's bytes come from: a local path when there is one (fastest), else a stream. */
export interface FileSource {
  localPath?: string;
  /** Small text made here (a message, a manifest): written in one request. */
  text?: string;
  open(): Promise<Readable>;
}

export interface BatchFile {
  /** Path inside the batch folder ('088888800011/resources/088888800011_T1.wav'). */
  path: string;
  sizeBytes: number;
  source: FileSource;
  /** What the file is and whose (for the console's list of a batch's files; the upload does not read them). */
  kind?: 'message' | 'resource';
  messageId?: string;
  /** Lower-case hex SHA-256 of its bytes, when known. */
  sha256?: string;
}

export interface BatchUpload {
  /** The batch folder's name ('N_20261123080509123'). */
  folder: string;
  files: BatchFile[];
  /** The marker written last, in the batch folder, and its (non-empty) content. */
  complete: { name: string; content: string };
}

export interface UploadReport {
  uploaded: number;
  /** Files found complete from an earlier attempt. */
  kept: number;
  bytes: number;
}

export interface AcknowledgementFile {
  name: string;
  text: string;
}

/** What a transport must do; paths are relative to the store's root folder. */
export interface FileTarget {
  /** Creates the folder and its parents; an existing one is fine. Answers whether the folder itself was made now. */
  mkdirp(dir: string): Promise<boolean>;
  /** The size of the file at `path`, or null when there is none. */
  size(path: string): Promise<number | null>;
  put(source: FileSource, path: string): Promise<void>;
  putText(text: string, path: string): Promise<void>;
  /** Renames over nothing: the target was checked absent (or removed) first. */
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  /** File names in a folder ([] when it does not exist). */
  list(dir: string): Promise<string[]>;
  /** Files in a folder with their sizes (empty when it does not exist): one round trip for a whole folder. */
  sizes(dir: string): Promise<Map<string, number>>;
  readText(path: string): Promise<string>;
  close(): Promise<void>;
}

export interface StoreAdapter {
  uploadBatch(batch: BatchUpload, onFile?: (path: string) => void): Promise<UploadReport>;
  /** The acknowledgement files whose names are not in `seen`. */
  readAcknowledgements(seen: ReadonlySet<string>): Promise<AcknowledgementFile[]>;
  close(): Promise<void>;
}

export class TransportError extends Error {
  constructor(
    readonly rule: 'transport.size_mismatch' | 'transport.connect' | 'transport.io' | 'transport.config',
    message: string,
  ) {
    super(message);
  }
}

const PART = '.part';

function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

function join(...parts: string[]): string {
  return parts.filter(Boolean).join('/');
}

/**
 * Sends a file under its temporary name, then checks and renames it. The check and rename of one file overlap the
 * next file's transfer (`verify` is awaited later), so the two extra round trips per file cost no time on a
 * distant server; BatchComplete waits for every one of them.
 */
async function sendThenVerify(
  target: FileTarget,
  final: string,
  expected: number,
  write: (to: string) => Promise<void>,
): Promise<{ verified: Promise<void> }> {
  const part = `${final}${PART}`;
  await write(part);
  const verified = (async () => {
    const got = await target.size(part);
    if (got !== expected) {
      await target.remove(part).catch(() => undefined);
      throw new TransportError(
        'transport.size_mismatch',
        `${final}: ${got ?? 'nothing'} bytes arrived, ${expected} sent`,
      );
    }
    await target.rename(part, final);
  })();
  // Awaited by the caller later; marked handled now so a failure meanwhile is not reported as unhandled.
  verified.catch(() => undefined);
  return { verified };
}

export function storeAdapter(target: FileTarget, options: { root: string; ackFolder: string }): StoreAdapter {
  return {
    async uploadBatch(batch, onFile) {
      const report: UploadReport = { uploaded: 0, kept: 0, bytes: 0 };
      const base = join(options.root, batch.folder);
      // What an earlier attempt left: one listing per folder. A real name is only ever given to a verified file, so a
      // file there with the right size is kept; one of another size is replaced.
      const listed = new Map<string, Map<string, number>>();
      let pending: Promise<void> | null = null;
      for (const file of batch.files) {
        const final = join(base, file.path);
        const dir = dirOf(final);
        let there = listed.get(dir);
        if (!there) {
          // A folder made just now is empty: only one that was there already is listed.
          there = (await target.mkdirp(dir)) ? new Map<string, number>() : await target.sizes(dir);
          listed.set(dir, there);
        }
        const name = final.slice(dir.length + 1);
        const existing = there.get(name);
        if (existing === file.sizeBytes) {
          report.kept += 1;
          onFile?.(file.path);
          continue;
        }
        if (existing !== undefined) await target.remove(final);
        const { source } = file;
        const write = (to: string) =>
          source.text !== undefined ? target.putText(source.text, to) : target.put(source, to);
        const { verified } = await sendThenVerify(target, final, file.sizeBytes, write);
        if (pending) await pending;
        pending = verified;
        report.uploaded += 1;
        report.bytes += file.sizeBytes;
        onFile?.(file.path);
      }
      if (pending) await pending;
      if (batch.complete.content.length === 0) throw new TransportError('transport.config', 'an empty BatchComplete');
      await target.mkdirp(base);
      const completeFinal = join(base, batch.complete.name);
      if ((await target.size(completeFinal)) === null)
        await (
          await sendThenVerify(target, completeFinal, Buffer.byteLength(batch.complete.content), (to) =>
            target.putText(batch.complete.content, to),
          )
        ).verified;
      return report;
    },
    async readAcknowledgements(seen) {
      const dir = join(options.root, options.ackFolder);
      const names = (await target.list(dir)).filter((n) => n.endsWith('.xml') && !seen.has(n)).sort();
      const out: AcknowledgementFile[] = [];
      for (const name of names) out.push({ name, text: await target.readText(join(dir, name)) });
      return out;
    },
    close: () => target.close(),
  };
}
