/**
 * The ERN cloud choreography over a real SFTP server on loopback (ssh2's server, test/sftp-server.ts) to a test store
 * that reads each complete batch, validates it and acknowledges it (test/test-store.ts): a batch accepted, a corrupt
 * file, a missing file, a late second acknowledgement, an upload cut off and resumed without sending anything twice
 * or writing BatchComplete early, and a host key that does not match.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAcknowledgement } from '../src/modules/distribution/acknowledgements';
import { batchIdFor } from '../src/modules/distribution/ern/file-names';
import { RULE_PACKS } from '../src/modules/distribution/gates/store-rules';
import { buildCheckedMessages } from '../src/modules/distribution/message-pipeline';
import type { MessageOptions, ReleaseModel } from '../src/modules/distribution/release-model';
import { type FileSource, type StoreAdapter, storeAdapter } from '../src/modules/distribution/transport/adapter';
import { batchUpload, type OutgoingMessage, outgoingFor } from '../src/modules/distribution/transport/batch';
import { sftpTarget } from '../src/modules/distribution/transport/sftp';
import { sampleOptions, sampleRelease, withRealFiles } from './distribution-samples';
import { startSftpServer, type TestSftpServer } from './sftp-server';
import { TestStore } from './test-store';

let work: string;
let root: string;
let server: TestSftpServer;
let store: TestStore;
let adapter: StoreAdapter;
let seq = 0;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'trackline-sftp-'));
  root = path.join(work, 'store');
  await import('node:fs/promises').then((fs) => fs.mkdir(root));
  server = await startSftpServer(root);
  store = new TestStore(root);
  adapter = connect();
});

afterAll(async () => {
  await adapter?.close();
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

function connect(hostKeySha256 = server.hostKeySha256): StoreAdapter {
  const target = sftpTarget({
    host: '127.0.0.1',
    port: server.port,
    username: server.username,
    password: server.password,
    hostKeySha256,
  });
  return storeAdapter(target, { root: '/', ackFolder: 'acknowledgements' });
}

const fileSource =
  (paths: Map<string, string>) =>
  (key: string): FileSource => ({
    localPath: paths.get(key),
    open: async () => createReadStream(paths.get(key)!),
  });

/** A release with real files and its checked message, ready to go out. */
async function prepared(
  upc: string,
  isrcBase: number,
  overrides: Partial<MessageOptions> = {},
  edit: (r: ReleaseModel) => ReleaseModel = (r) => r,
): Promise<{ release: ReleaseModel; out: OutgoingMessage; paths: Map<string, string> }> {
  const { release: real, paths } = await withRealFiles(sampleRelease(upc, 2, isrcBase), work);
  const release = edit(real);
  seq += 1;
  const options = sampleOptions(seq, { messageId: `TL-T-${seq}`, ...overrides });
  const [checked] = await buildCheckedMessages([{ release, options, rules: RULE_PACKS.spotify! }]);
  if (!checked!.ok) throw new Error(JSON.stringify(checked!.issues));
  const out = outgoingFor(
    release,
    { messageId: options.messageId, xml: checked!.xml, filesNotProvided: options.filesNotProvided },
    fileSource(paths),
  );
  return { release, out, paths };
}

async function acksRead(seen = new Set<string>()) {
  const files = await adapter.readAcknowledgements(seen);
  return files.map((f) => parseAcknowledgement(f.name, f.text)!);
}

describe('a batch over SFTP', () => {
  it('lays out the batch, writes BatchComplete last and non-empty, and the store accepts it', async () => {
    const a = await prepared('088888800011', 0);
    const b = await prepared('088888800028', 10);
    const batchId = batchIdFor(new Date());
    const upload = batchUpload('batch', batchId, [a.out, b.out]);
    const order: string[] = [];
    const report = await adapter.uploadBatch(upload, (p) => order.push(p));
    expect(report).toMatchObject({ uploaded: 8, kept: 0 });
    // resources before their message; the marker after everything
    expect(order.indexOf('088888800011/088888800011.xml')).toBeGreaterThan(
      order.indexOf('088888800011/resources/088888800011_T3.png'),
    );
    const folder = path.join(root, `N_${batchId}`);
    expect((await readdir(folder)).sort()).toEqual(['088888800011', '088888800028', `BatchComplete_${batchId}.xml`]);
    expect((await readdir(path.join(folder, '088888800011', 'resources'))).sort()).toEqual([
      '088888800011_T1.wav',
      '088888800011_T2.wav',
      '088888800011_T3.png',
    ]);
    const complete = await readFile(path.join(folder, `BatchComplete_${batchId}.xml`), 'utf8');
    expect(complete).toContain(`MessageId="${a.out.messageId}"`);
    expect(server.counts.RENAME).toBeGreaterThanOrEqual(9);

    const written = await store.ingest();
    expect(written.map((x) => x.status)).toEqual(['FileOK', 'FileOK']);
    const acks = await acksRead();
    expect(acks.map((x) => [x.messageId, x.status, x.ok]).sort()).toEqual(
      [
        [a.out.messageId, 'FileOK', true],
        [b.out.messageId, 'FileOK', true],
      ].sort(),
    );
  });

  it('a corrupt file, a missing file, a late second acknowledgement', async () => {
    // The message promises a hash the bytes do not have.
    const corrupt = await prepared('088888800035', 20, {}, (r) => ({
      ...r,
      cover: { ...r.cover, sha256: 'f'.repeat(64) },
    }));
    // A metadata-only update for a release the store never received.
    const never = await prepared('088888800042', 30);
    const metadataOnly = await prepared('088888800042', 30, {
      action: 'update',
      filesNotProvided: new Set([...never.release.tracks.map((t) => t.audio.key), never.release.cover.key]),
    });
    expect(metadataOnly.out.resources).toEqual([]);
    await adapter.uploadBatch(
      batchUpload('batch', batchIdFor(new Date(Date.now() + 1000)), [corrupt.out, metadataOnly.out]),
    );
    const before = new Set((await adapter.readAcknowledgements(new Set())).map((f) => f.name));
    await store.ingest();
    const fresh = await acksRead(before);
    expect(fresh.map((x) => [x.messageId, x.status]).sort()).toEqual(
      [
        [corrupt.out.messageId, 'ResourceCorrupt'],
        [metadataOnly.out.messageId, 'ResourceMissing'],
      ].sort(),
    );

    // Accepted first, then the store finds a problem: a second acknowledgement for the same message.
    const seen = new Set((await adapter.readAcknowledgements(new Set())).map((f) => f.name));
    await store.lateError('TL-T-1', 'ResourceNotMeetingSpecifications', 'clipping in track 2');
    const late = await acksRead(seen);
    expect(late).toEqual([
      { messageId: 'TL-T-1', status: 'ResourceNotMeetingSpecifications', ok: false, errorText: 'clipping in track 2' },
    ]);
  });

  it('an upload cut off mid-batch resumes: nothing sent twice, no BatchComplete before every file is there', async () => {
    const c = await prepared('088888800059', 40);
    const batchId = batchIdFor(new Date(Date.now() + 2000));
    // The second resource's stream breaks halfway, as a dying connection or process would leave it.
    const broken: OutgoingMessage = {
      ...c.out,
      resources: c.out.resources.map((r, i) =>
        i === 1
          ? {
              ...r,
              source: {
                open: async () =>
                  Readable.from(
                    (async function* () {
                      yield Buffer.alloc(1000);
                      throw new Error('connection lost');
                    })(),
                  ),
              },
            }
          : r,
      ),
    };
    await expect(adapter.uploadBatch(batchUpload('batch', batchId, [broken]))).rejects.toThrow();
    const folder = path.join(root, `N_${batchId}`);
    expect(await readdir(folder)).not.toContain(`BatchComplete_${batchId}.xml`);
    expect(await store.ingest()).toEqual([]);

    const writesBefore = server.counts.WRITE ?? 0;
    const report = await adapter.uploadBatch(batchUpload('batch', batchId, [c.out]));
    expect(report).toMatchObject({ kept: 1, uploaded: 3 });
    expect(server.counts.WRITE! - writesBefore).toBeGreaterThan(0);
    const files = await readdir(path.join(folder, '088888800059', 'resources'));
    expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
    expect((await store.ingest()).map((x) => x.status)).toEqual(['FileOK']);
    // Run again: everything is there already, nothing is written.
    const again = await adapter.uploadBatch(batchUpload('batch', batchId, [c.out]));
    expect(again).toMatchObject({ uploaded: 0, kept: 4 });
  });

  it('refuses a server whose host key is not the pinned one', async () => {
    const wrong = connect('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(wrong.readAcknowledgements(new Set())).rejects.toThrow(/transport|verification|Handshake/i);
    await wrong.close();
  });
});
