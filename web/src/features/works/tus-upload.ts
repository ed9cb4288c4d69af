/**
 * Resumable uploads of audio and video to /api/upload/tus (tus 1.0, with tus-js-client): 32 MiB PATCHes, retried
 * with back-off when the connection drops, and resumed from where the server stands — also after a reload, as the
 * upload's URL is kept in localStorage under a fingerprint of user, kind and file (forgotten once it succeeds, and
 * at logout with the rest of the session).
 *
 * When the last byte is in, the server judges the file: the final answer is read from GET /api/upload/file. A file
 * that is not audio/video (or over quota, or too big) is refused with the server's text; a transport failure that
 * outlasted the retries can be continued later with `start()` again.
 */
import { CODE_LOGIN_INVALID } from '@trackline/contract/envelope';
import { API } from '@trackline/contract/paths';
import type { MediaKind, ResumableUploadState, StoredFile } from '@trackline/contract/storage-types';
import type { RuleIssue } from '@trackline/contract/works-types';
import { DetailedError, Upload } from 'tus-js-client';
import { apiGet } from '../../api/client';
import { currentLanguage } from '../../i18n';
import { currentUser, endSessionLocally } from '../../lib/session';

const API_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
const CHUNK_BYTES = 32 * 1024 * 1024;
/** Waits before each retry of a failed request (ms): about a minute and a half in all, then the user decides. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

export interface UploadRefusal {
  code: number;
  msg: string;
  issues: RuleIssue[];
}

export interface ResumableUploadCallbacks {
  onProgress(sent: number, total: number): void;
  /** Every byte is on the server, which is checking the file. */
  onChecking(): void;
  /** An earlier upload of the same file was found and continues. */
  onResuming(): void;
  onStored(file: StoredFile): void;
  /** The server said no, for good: not audio/video, too big, over quota... */
  onRefused(refusal: UploadRefusal): void;
  /** The connection failed beyond the retries (or the session ended): `start()` again continues. */
  onFailed(reason: string): void;
}

export interface ResumableUpload {
  start(): Promise<void>;
  /** Stops sending; `cancel` also deletes what the server received. */
  abort(cancel?: boolean): Promise<void>;
}

function envelopeOf(error: unknown): { status: number; code: number; msg: string; data: unknown } | null {
  if (!(error instanceof DetailedError) || !error.originalResponse) return null;
  try {
    const body = JSON.parse(error.originalResponse.getBody()) as { code?: unknown; msg?: unknown; data?: unknown };
    if (typeof body.code !== 'number') return null;
    return {
      status: error.originalResponse.getStatus(),
      code: body.code,
      msg: String(body.msg ?? ''),
      data: body.data,
    };
  } catch {
    return null;
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's verdict on a complete upload; it may still be checking a big file for a moment. */
async function verdict(id: string): Promise<ResumableUploadState> {
  for (let attempt = 0; ; attempt++) {
    const state = (await apiGet<ResumableUploadState>(API.uploadFile, { id }, { silent: true })).data;
    if (state.status === 'stored' || state.status === 'refused' || attempt >= 60) return state;
    await delay(1000);
  }
}

export function createResumableUpload(file: File, kind: MediaKind, cb: ResumableUploadCallbacks): ResumableUpload {
  let finished = false;
  const upload = new Upload(file, {
    endpoint: `${API_BASE}${API.uploadTus}`,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { kind, filename: file.name, filetype: file.type },
    headers: { 'Accept-Language': currentLanguage() },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // One user's unfinished upload is never offered to another user of the same browser.
    fingerprint: async (f) =>
      ['trackline-tus', currentUser()?.id ?? 0, kind, f.name, f.type, f.size, f.lastModified].join('-'),
    onBeforeRequest: (req) => {
      // The session cookie goes along when the API is on another origin (VITE_API_BASE).
      const xhr = req.getUnderlyingObject() as XMLHttpRequest | undefined;
      if (xhr && 'withCredentials' in xhr) xhr.withCredentials = true;
    },
    onProgress: (sent, total) => {
      cb.onProgress(sent, total);
      if (sent === total && !finished) cb.onChecking();
    },
    onSuccess: () => {
      finished = true;
      const id = upload.url?.split('/').pop() ?? '';
      verdict(id).then(
        (state) => {
          if (state.status === 'stored' && state.file) cb.onStored(state.file);
          else if (state.failure) cb.onRefused(state.failure);
          else cb.onFailed(state.status);
        },
        (error: unknown) => cb.onFailed(error instanceof Error ? error.message : String(error)),
      );
    },
    onError: (error) => {
      const envelope = envelopeOf(error);
      if (envelope?.code === CODE_LOGIN_INVALID) {
        endSessionLocally();
        cb.onFailed(envelope.msg);
      } else if (envelope && envelope.status >= 400 && envelope.status < 500 && envelope.status !== 409) {
        const issues = (envelope.data as { issues?: RuleIssue[] } | null)?.issues ?? [];
        cb.onRefused({ code: envelope.code, msg: envelope.msg, issues });
      } else {
        cb.onFailed(envelope?.msg || error.message);
      }
    },
  });

  return {
    async start() {
      const previous = await upload.findPreviousUploads();
      const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) {
        upload.resumeFromPreviousUpload(latest);
        cb.onResuming();
      }
      upload.start();
    },
    abort: (cancel = false) => upload.abort(cancel),
  };
}
