/**
 * S3-compatible storage (AWS S3, Aliyun OSS, MinIO...), chosen when S3_BUCKET is set. Files are read by browsers
 * from S3_PUBLIC_URL when the bucket (or a CDN in front of it) is public, else through the server at /files/<key>.
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import { type Storage, safeKey } from './storage';

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
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: safeKey(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: safeKey(key) }));
    },
    url: (key) => `${s3.publicUrl ? `${s3.publicUrl}/` : serverPrefix}${safeKey(key)}`,
  };
}
