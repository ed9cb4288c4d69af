/**
 * A store for the tests: it reads the folder an SFTP server (or a local-folder store) receives into, the way a DSP's
 * ingestion does. A batch is read only once its BatchComplete is there; each message is validated (the official XSD
 * and the profile rules), each file the message says is delivered is checked against its size and SHA-256, and a file
 * it says is not provided must be one the store already holds from an earlier accepted delivery. It then writes an
 * acknowledgement per message into `acknowledgements/` (FileOK, ResourceCorrupt, ResourceMissing,
 * NewReleaseMessageInvalid) and can send a late second one for a message it accepted.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create } from 'xmlbuilder2';
import { batchIdFor } from '../src/modules/distribution/ern/file-names';
import { checkProfile } from '../src/modules/distribution/gates/profile';
import { validateAgainstXsd } from '../src/modules/distribution/gates/xsd';

interface El {
  localName: string;
  textContent: string | null;
  childNodes: ArrayLike<{ nodeType: number }>;
  getElementsByTagName(name: string): ArrayLike<El>;
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const text = (el: El | undefined, name: string) =>
  Array.from(el?.getElementsByTagName(name) ?? [])[0]?.textContent?.trim() ?? '';

export interface StoreAck {
  messageId: string;
  status: string;
  errorText: string;
}

export class TestStore {
  /** Batch folders read already. */
  private readonly processed = new Set<string>();
  /** SHA-256 of every file the store holds from accepted deliveries. */
  readonly holds = new Set<string>();
  readonly acks: StoreAck[] = [];
  private seq = 0;

  constructor(readonly rootDir: string) {}

  /** Reads every complete batch not read before; answers the acknowledgements written. */
  async ingest(): Promise<StoreAck[]> {
    const written: StoreAck[] = [];
    const entries = await readdir(this.rootDir, { withFileTypes: true }).catch(() => []);
    for (const e of entries
      .filter((x) => x.isDirectory() && x.name.startsWith('N_'))
      .sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const dir = path.join(this.rootDir, e.name);
      if (this.processed.has(e.name)) continue;
      const names = await readdir(dir);
      if (!names.some((n) => /^BatchComplete_\d{17}\.xml$/.test(n))) continue;
      this.processed.add(e.name);
      const releaseDirs = names.some((n) => n.endsWith('.xml') && !n.startsWith('BatchComplete'))
        ? [dir]
        : names.filter((n) => !n.endsWith('.xml')).map((n) => path.join(dir, n));
      for (const releaseDir of releaseDirs) written.push(await this.readRelease(releaseDir));
    }
    return written;
  }

  private async readRelease(dir: string): Promise<StoreAck> {
    const xmlName = (await readdir(dir)).find((n) => n.endsWith('.xml') && !n.startsWith('BatchComplete'));
    if (!xmlName) return this.ack('unknown', 'ResourceMissing', 'no message in the release folder');
    const xml = await readFile(path.join(dir, xmlName), 'utf8');
    const root = create(xml).root().node as unknown as El;
    const messageId = text(root, 'MessageId');
    const [xsd] = await validateAgainstXsd([xml]);
    const problems = [...xsd!, ...checkProfile(xml)];
    if (problems.length > 0) return this.ack(messageId, 'NewReleaseMessageInvalid', problems[0]!.detail);
    const accepted: string[] = [];
    for (const file of Array.from(root.getElementsByTagName('File'))) {
      const uri = text(file, 'URI');
      const sha = text(file, 'HashSumValue');
      const size = Number(text(file, 'FileSize'));
      const holder = (file as unknown as { parentNode: El }).parentNode;
      const provided = text(holder, 'IsProvidedInDelivery') !== 'false';
      if (!provided) {
        if (!this.holds.has(sha)) return this.ack(messageId, 'ResourceMissing', `${uri} was never delivered`);
        continue;
      }
      const local = path.join(dir, uri);
      if (!existsSync(local)) return this.ack(messageId, 'ResourceMissing', `${uri} is not in the delivery`);
      if ((await stat(local)).size !== size || (await sha256File(local)) !== sha)
        return this.ack(messageId, 'ResourceCorrupt', `${uri} does not match its hash`);
      accepted.push(sha);
    }
    for (const sha of accepted) this.holds.add(sha);
    return this.ack(messageId, 'FileOK', '');
  }

  /** A second acknowledgement for a message accepted before: a problem found after ingestion. */
  lateError(messageId: string, status: string, errorText: string): Promise<StoreAck> {
    return this.ack(messageId, status, errorText);
  }

  private async ack(messageId: string, status: string, errorText: string): Promise<StoreAck> {
    const dir = path.join(this.rootDir, 'acknowledgements');
    await mkdir(dir, { recursive: true });
    // Distinct timestamps even within one millisecond: a second ACK must never overwrite the first.
    const at = new Date(Date.now() + this.seq++);
    const doc = create({ version: '1.0', encoding: 'UTF-8' });
    const m = doc.ele('AcknowledgementMessage');
    const h = m.ele('MessageHeader');
    h.ele('MessageId').txt(`ACK-${messageId}-${this.seq}`);
    h.ele('MessageCreatedDateTime').txt(at.toISOString());
    m.ele('AcknowledgedMessageId').txt(messageId);
    m.ele('FileStatus').txt(status);
    if (errorText) m.ele('ErrorText').txt(errorText);
    await writeFile(path.join(dir, `ACK_${messageId}_${batchIdFor(at)}.xml`), doc.end({ prettyPrint: true }));
    const ack = { messageId, status, errorText };
    this.acks.push(ack);
    return ack;
  }
}
