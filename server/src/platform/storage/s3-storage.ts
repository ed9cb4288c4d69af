/**
 * S3-compatible storage (AWS S3, Aliyun OSS, MinIO...), chosen when S3_BUCKET is set. Public files are read by
 * browsers from S3_PUBLIC_URL when the bucket (or a CDN in front of it) serves them, else through the server at
 * /files/<key>. Users' files (users/...) never go to S3_PUBLIC_URL: the public ones (covers) come through the
 * server, which checks their recorded visibility, and private ones are presigned GETs that expire; so a bucket
 * policy may make everything but users/ public.
 */
import { createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config';
import { type PresignedPost, type Storage, safeKey } from './storage';

/** Multipart parts of big files: 8 MiB each, two in flight, so a 2 GiB upload holds about 16 MiB of it in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    err instanceof NoSuchKey || e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
  );
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * A browser-based upload (POST Object) signed with AWS Signature Version 4: the policy lists every condition S3
 * checks on the form (bucket, key prefix, content type, size range, expiry) and is signed with a key derived from
 * the secret, the day, the region and the service.
 */
export function signPostPolicy(
  s3: NonNullable<Config['s3']>,
  input: { key: string; keyPrefix: string; contentType: string; maxBytes: number; expiresAt: Date },
  now = new Date(),
): PresignedPost {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const credential = `${s3.accessKeyId}/${day}/${s3.region}/s3/aws4_request`;
  const policy = {
    expiration: input.expiresAt.toISOString(),
    conditions: [
      { bucket: s3.bucket },
      ['starts-with', '$key', input.keyPrefix],
      { 'Content-Type': input.contentType },
      ['content-length-range', 1, input.maxBytes],
      { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
      { 'x-amz-credential': credential },
      { 'x-amz-date': amzDate },
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${s3.secretAccessKey}`, day), s3.region), 's3'), 'aws4_request');
  const base = s3.endpoint
    ? s3.forcePathStyle
      ? `${s3.endpoint.replace(/\/+$/, '')}/${s3.bucket}`
      : s3.endpoint.replace('://', `://${s3.bucket}.`).replace(/\/+$/, '')
    : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  return {
    url: base,
    fields: {
      key: input.key,
      'Content-Type': input.contentType,
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      'x-amz-credential': credential,
      'x-amz-date': amzDate,
      policy: encoded,
      'x-amz-signature': createHmac('sha256', signingKey).update(encoded).digest('hex'),
    },
  };
}

export function s3Storage(s3: NonNullable<Config['s3']>, serverPrefix: string): Storage & { client: S3Client } {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  return {
    client,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: safeKey(key), Body: body, ContentType: contentType }),
      );
    },
    async putFile(key, filePath, contentType) {
      const upload = new Upload({
        client,
        params: { Bucket: s3.bucket, Key: safeKey(key), Body: createReadStream(filePath), ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      await upload.done();
      await rm(filePath, { force: true });
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: safeKey(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: safeKey(key) }));
        return { size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async read(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket: s3.bucket,
            Key: safeKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return (res.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: safeKey(key) }));
    },
    url: (key) =>
      `${s3.publicUrl && !safeKey(key).startsWith('users/') ? `${s3.publicUrl}/` : serverPrefix}${safeKey(key)}`,
    signedUrl: (key, expiresAt) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: s3.bucket, Key: safeKey(key) }), {
        expiresIn: Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000)),
      }),
    presignPost: (input) => signPostPolicy(s3, input),
  };
}
