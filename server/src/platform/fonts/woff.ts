/** Unpacking WOFF 1.0 fonts (what the npm font packages ship) for readers that want plain TrueType/OpenType. */
import { inflateSync } from 'node:zlib';

/**
 * WOFF 1.0 → the TrueType/OpenType file it wraps: the same tables, each inflated when stored compressed, behind a
 * plain table directory. Throws on anything that is not a well-formed WOFF.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  if (woff.length < 44 + count * 20) throw new Error('WOFF table directory truncated');
  let pow = 1;
  let log = 0;
  while (pow * 2 <= count) {
    pow *= 2;
    log++;
  }
  const directory = Buffer.alloc(12 + 16 * count);
  directory.writeUInt32BE(flavor, 0);
  directory.writeUInt16BE(count, 4);
  directory.writeUInt16BE(pow * 16, 6);
  directory.writeUInt16BE(log, 8);
  directory.writeUInt16BE(count * 16 - pow * 16, 10);
  const bodies: Buffer[] = [];
  let offset = directory.length;
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    const tag = woff.readUInt32BE(at);
    const start = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const checksum = woff.readUInt32BE(at + 16);
    if (start + compLength > woff.length) throw new Error('WOFF table outside the file');
    const stored = woff.subarray(start, start + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('WOFF table of the wrong length');
    const entry = 12 + i * 16;
    directory.writeUInt32BE(tag, entry);
    directory.writeUInt32BE(checksum, entry + 4);
    directory.writeUInt32BE(offset, entry + 8);
    directory.writeUInt32BE(origLength, entry + 12);
    const pad = (4 - (data.length % 4)) % 4;
    bodies.push(data, Buffer.alloc(pad));
    offset += data.length + pad;
  }
  return Buffer.concat([directory, ...bodies]);
}
