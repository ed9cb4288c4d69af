/** Real files made in the tests: a valid PNG of any size, and multipart bodies that carry a file. */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid 1×1 RGBA PNG, optionally padded with an ancillary chunk to reach a size. */
export function png(padTo = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x6c, 0x3b, 0xff, 0xff]))),
  ];
  const size = parts.reduce((n, p) => n + p.length, 0) + 12;
  if (padTo > size + 12) parts.push(chunk('teXt', Buffer.alloc(padTo - size - 12, 0x61)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

export async function multipart(file: Buffer, filename: string, type: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file)], { type }), filename);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}
