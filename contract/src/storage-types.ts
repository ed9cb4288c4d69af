/**
 * Storage (works issue): the user's quota, upload grants and resumable uploads. Zod-free: the web imports it too.
 * Request schemas are in storage.ts.
 */
import type { AudioInfo, RuleIssue, VideoInfo } from './works-types';

const MiB = 1024 * 1024;

/** What a grant (GET /api/aliyun/osssecret) uploads: a cover image, lyrics, audio or video. */
export const GRANT_KINDS = ['cover', 'lyric', 'audio', 'video'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/** Audio and video also upload resumably (tus), at most UPLOAD_MEDIA_MAX_BYTES (2 GiB unless configured). */
export const MEDIA_KINDS = ['audio', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Size limits of the small kinds; audio and video take the server's UPLOAD_MEDIA_MAX_BYTES. */
export const GRANT_MAX_BYTES = { cover: 20 * MiB, lyric: 1 * MiB } as const;

/** How long a grant may be used. */
export const GRANT_TTL_SECONDS = 300;

/**
 * Content types a grant may be asked for, per kind. The type only labels the upload: the bytes decide what the
 * file is, and a file that is not what its kind needs is refused whatever it was labelled.
 */
export const GRANT_CONTENT_TYPES: Record<GrantKind, readonly string[]> = {
  cover: ['image/jpeg', 'image/png'],
  // Browsers label .lrc files with nothing or octet-stream.
  lyric: ['text/plain', 'application/octet-stream'],
  audio: [
    'audio/wav',
    'audio/x-wav',
    'audio/wave',
    'audio/vnd.wave',
    'audio/flac',
    'audio/x-flac',
    'audio/mpeg',
    'audio/mp3',
    'application/octet-stream',
  ],
  video: ['video/mp4', 'video/quicktime', 'application/octet-stream'],
};

/** GET /api/userstorage/userdata */
export interface StorageUsage {
  used_bytes: number;
  quota_bytes: number;
  file_count: number;
}

/**
 * GET /api/aliyun/osssecret: how to upload one file. `method` POST is a form upload straight to the S3-compatible
 * bucket (send `fields` first, then the file as field `file`; afterwards POST /api/upload/confirm { key });
 * PUT is a signed URL of our server (send the bytes as the body with `headers`; the answer records the file).
 */
export interface UploadGrant {
  kind: GrantKind;
  method: 'POST' | 'PUT';
  url: string;
  /** The key the file is stored under (POST: the form's `key` field). */
  key: string;
  fields: Record<string, string>;
  headers: Record<string, string>;
  content_type: string;
  max_bytes: number;
  expires_at: string;
  /** POST only: the call that records the file once the bucket has it. */
  confirm_url: string | null;
}

/** A file stored from a grant or a resumable upload, as recorded in the user's files. */
export interface StoredFile {
  key: string;
  url: string;
  name: string;
  size: number;
  content_type: string;
  kind: 'image' | 'text' | 'audio' | 'video';
  sha256: string;
  /** What the analyzer read: AudioInfo, VideoInfo, or for covers and lyrics { format } / { encoding }. */
  meta: AudioInfo | VideoInfo | Record<string, unknown>;
}

/** GET /api/upload/file?id=<upload id>: how a resumable upload stands or ended. */
export interface ResumableUploadState {
  id: string;
  kind: MediaKind;
  name: string;
  status: 'receiving' | 'processing' | 'stored' | 'refused';
  offset: number;
  length: number;
  /** status 'stored' */
  file: StoredFile | null;
  /** status 'refused': the catalogue code and text, and the rules the file broke when an analyzer said so. */
  failure: { code: number; msg: string; issues: RuleIssue[] } | null;
}
