/**
 * bench/delivery, two figures measured in the same run:
 * 1. 1,000 releases (3 tracks each) made into ERN 4.3 messages and passed through the three gates (store rules,
 *    profile and references, the official XSD): messages per second, with building alone alongside.
 * 2. One batch of real files uploaded with the delivery choreography (temporary names, sizes checked, renames,
 *    BatchComplete last) to an SFTP server on loopback, against a plain SFTP put (fastPut) of the same files to the
 *    same server over the same kind of connection: the throughput ratio. Goal ≥ 0.8. The server is OpenSSH's sshd
 *    (Debian's openssh-server) in a process of its own, as a store's is; without it, the tests' in-process `ssh2`
 *    server, which shares this process's CPU with the client and so says less about the choreography's cost.
 * BENCH_DELIVERY_RELEASES (default 1000) and BENCH_DELIVERY_MIB (default 96, the batch's size) change the sizes;
 * BENCH_DELIVERY_ROUNDS (default 5) how often each upload runs; BENCH_DELIVERY_SSH2=1 uses the in-process server.
 */
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeUpc } from '../contract/src/identifiers';
import { batchIdFor } from '../server/src/modules/distribution/ern/file-names';
import { RULE_PACKS } from '../server/src/modules/distribution/gates/store-rules';
import { buildCheckedMessages, writeMessage } from '../server/src/modules/distribution/message-pipeline';
import { storeAdapter } from '../server/src/modules/distribution/transport/adapter';
import { batchUpload, outgoingFor } from '../server/src/modules/distribution/transport/batch';
import { sftpTarget } from '../server/src/modules/distribution/transport/sftp';
import { sampleOptions, sampleRelease, withRealFiles } from '../server/test/distribution-samples';
import { startSftpServer } from '../server/test/sftp-server';
import { startOpenSsh } from './openssh-server';

const RELEASES = Number(process.env.BENCH_DELIVERY_RELEASES ?? 1000);
const MIB = Number(process.env.BENCH_DELIVERY_MIB ?? 96);
const ROUNDS = Number(process.env.BENCH_DELIVERY_ROUNDS ?? 5);

async function messages() {
  const requests = Array.from({ length: RELEASES }, (_, i) => ({
    release: sampleRelease(makeUpc('0888888', i + 1, 12), 3, i * 3),
    options: sampleOptions(i % 60, { messageId: `TL-BENCH-${i}` }),
    rules: RULE_PACKS.spotify!,
  }));
  let t0 = performance.now();
  for (const r of requests) writeMessage(r);
  const buildMs = performance.now() - t0;
  t0 = performance.now();
  const checked = await buildCheckedMessages(requests);
  const allMs = performance.now() - t0;
  const refused = checked.filter((c) => !c.ok).length;
  if (refused > 0) throw new Error(`${refused} messages refused`);
  console.log(`messages: ${RELEASES} releases built and checked (3 gates) in ${(allMs / 1000).toFixed(2)} s`);
  console.log(
    `  ${((RELEASES * 1000) / allMs).toFixed(0)} messages/s checked; building alone ${((RELEASES * 1000) / buildMs).toFixed(0)} messages/s`,
  );
}

async function upload() {
  const work = await mkdtemp(path.join(tmpdir(), 'trackline-bench-delivery-'));
  const root = path.join(work, 'store');
  await mkdir(root, { recursive: true });
  const openssh = process.env.BENCH_DELIVERY_SSH2 ? null : await startOpenSsh(path.join(work, 'sshd'));
  // OpenSSH serves the whole file system (the batch goes under `root`); the in-process server serves `root` as /.
  const server = openssh ?? (await startSftpServer(root));
  const base = openssh ? root : '';
  console.log(`upload: to ${openssh ? 'OpenSSH sshd' : 'the in-process ssh2 server (no /usr/sbin/sshd)'} on loopback`);
  try {
    // Three releases of two tracks and a cover: 9 files sharing MIB.
    const perFile = Math.floor((MIB * 1024 * 1024) / 9);
    const outgoing = [];
    const files: Array<{ local: string; name: string }> = [];
    for (let i = 0; i < 3; i++) {
      const { release, paths } = await withRealFiles(
        sampleRelease(makeUpc('0888888', 5000 + i, 12), 2, 9000 + i * 2),
        work,
        perFile,
      );
      const options = sampleOptions(i, { messageId: `TL-BENCH-UP-${i}` });
      const xml = writeMessage({ release, options, rules: RULE_PACKS.spotify! });
      outgoing.push(
        outgoingFor(release, { messageId: options.messageId, xml, filesNotProvided: new Set() }, (key) => ({
          localPath: paths.get(key),
          open: async () => createReadStream(paths.get(key)!),
        })),
      );
      for (const [key, local] of paths) files.push({ local, name: `${i}-${path.basename(key)}` });
    }
    const batch = batchUpload('batch', batchIdFor(new Date()), outgoing);
    const bytes = batch.files.reduce((s, f) => s + f.sizeBytes, 0);
    const connect = () =>
      sftpTarget({
        host: '127.0.0.1',
        port: server.port,
        username: server.username,
        ...('privateKey' in server ? { privateKey: server.privateKey } : { password: server.password }),
        hostKeySha256: server.hostKeySha256,
      });

    // Plain: the same binaries, fastPut one after another, nothing else (the XML files are a few KB). The two
    // alternate, ROUNDS times each (which goes first alternates too), on a fresh connection each, and the best time
    // of each counts: the machine is shared, and the best run is the one least disturbed.
    let plainMs = Number.POSITIVE_INFINITY;
    let batchMs = Number.POSITIVE_INFINITY;
    let report = { uploaded: 0, kept: 0, bytes: 0 };
    const plainRound = async (round: number) => {
      const plain = connect();
      await plain.mkdirp(`${base}/plain${round}`);
      const t0 = performance.now();
      for (const f of files)
        await plain.put(
          { localPath: f.local, open: async () => createReadStream(f.local) },
          `${base}/plain${round}/${f.name}`,
        );
      plainMs = Math.min(plainMs, performance.now() - t0);
      await plain.close();
    };
    const batchRound = async (round: number) => {
      // Connected before the clock starts, as the plain one is (its mkdirp): the handshake is not the batch's.
      const target = connect();
      await target.size('/');
      const adapter = storeAdapter(target, { root: `${base}/batch${round}`, ackFolder: 'acknowledgements' });
      const t0 = performance.now();
      report = await adapter.uploadBatch(batch);
      batchMs = Math.min(batchMs, performance.now() - t0);
      await adapter.close();
    };
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        await plainRound(round);
        await batchRound(round);
      } else {
        await batchRound(round);
        await plainRound(round);
      }
    }
    const mibs = (ms: number) => bytes / 1024 / 1024 / (ms / 1000);
    console.log(`  ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${batch.files.length} files (${report.uploaded} sent)`);
    console.log(`  plain SFTP put: ${(plainMs / 1000).toFixed(2)} s, ${mibs(plainMs).toFixed(1)} MiB/s`);
    console.log(`  delivery batch: ${(batchMs / 1000).toFixed(2)} s, ${mibs(batchMs).toFixed(1)} MiB/s`);
    console.log(
      `  ratio batch/plain: ${(plainMs / batchMs).toFixed(2)} (goal ≥ 0.8; best of ${ROUNDS} each, alternating)`,
    );
  } finally {
    await server.close();
    await rm(work, { recursive: true, force: true });
  }
}

await messages();
await upload();
