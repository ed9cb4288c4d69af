/**
 * Picking and uploading one audio or video file resumably (tus-upload.ts): a progress bar with bytes sent, pause
 * and cancel while it runs, "continue" after the connection failed (nothing sent is lost, also across a reload),
 * and the server's own text when it refuses the file (not audio/video, too big, over quota). The server reads
 * the file's bytes; its analysis (format, sample rate...) comes back with the file as `meta`.
 */
import { CheckCircleOutlined, UploadOutlined } from '@ant-design/icons';
import type { MediaKind, StoredFile } from '@trackline/contract/storage-types';
import { Alert, Button, Progress, Space } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RuleIssueLines } from './field';
import { createResumableUpload, type ResumableUpload, type UploadRefusal } from './tus-upload';

export interface UploadedFile {
  key: string;
  url: string;
  name: string;
  size: number;
  meta: Record<string, unknown>;
}

interface ResumableUploadFieldProps {
  kind: MediaKind;
  onUploaded: (file: UploadedFile) => void;
}

type Phase =
  | { state: 'idle' }
  | { state: 'sending'; sent: number; total: number; resuming: boolean }
  | { state: 'checking' }
  | { state: 'paused'; sent: number; total: number }
  | { state: 'failed'; reason: string; sent: number; total: number }
  | { state: 'refused'; refusal: UploadRefusal }
  | { state: 'stored'; name: string };

const ACCEPT: Record<MediaKind, string> = {
  audio: '.wav,.flac,.mp3,audio/wav,audio/x-wav,audio/flac,audio/mpeg',
  video: '.mp4,.mov,video/mp4,video/quicktime',
};

function bytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

export function ResumableUploadField({ kind, onUploaded }: ResumableUploadFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<ResumableUpload | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const report = useRef(onUploaded);
  report.current = onUploaded;

  // Leaving the page stops sending; the upload stays resumable from where it stood.
  useEffect(() => () => void upload.current?.abort(), []);

  const begin = (picked: File) => {
    void upload.current?.abort();
    setFile(picked);
    setPhase({ state: 'sending', sent: 0, total: picked.size, resuming: false });
    const current = createResumableUpload(picked, kind, {
      onProgress: (sent, total) =>
        setPhase((p) => ({ state: 'sending', sent, total, resuming: p.state === 'sending' && p.resuming })),
      onChecking: () => setPhase({ state: 'checking' }),
      onResuming: () => setPhase((p) => (p.state === 'sending' ? { ...p, resuming: true } : p)),
      onStored: (stored: StoredFile) => {
        setPhase({ state: 'stored', name: stored.name });
        report.current({
          key: stored.key,
          url: stored.url,
          name: stored.name,
          size: stored.size,
          meta: stored.meta as Record<string, unknown>,
        });
      },
      onRefused: (refusal) => setPhase({ state: 'refused', refusal }),
      onFailed: (reason) =>
        setPhase((p) => ({
          state: 'failed',
          reason,
          sent: p.state === 'sending' ? p.sent : 0,
          total: picked.size,
        })),
    });
    upload.current = current;
    void current.start();
  };

  const resume = () => {
    if (!file || !upload.current) return;
    setPhase((p) => ({
      state: 'sending',
      sent: 'sent' in p ? p.sent : 0,
      total: file.size,
      resuming: true,
    }));
    void upload.current.start();
  };

  const pause = () => {
    void upload.current?.abort();
    setPhase((p) => (p.state === 'sending' ? { state: 'paused', sent: p.sent, total: p.total } : p));
  };

  const cancel = () => {
    void upload.current?.abort(true);
    upload.current = null;
    setFile(null);
    setPhase({ state: 'idle' });
  };

  const busy = phase.state === 'sending' || phase.state === 'checking';
  const percent =
    'sent' in phase && phase.total > 0
      ? Math.floor((phase.sent / phase.total) * 100)
      : phase.state === 'checking'
        ? 100
        : 0;

  return (
    <div className="resumable-upload">
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT[kind]}
        className="visually-hidden"
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          event.target.value = '';
          if (picked) begin(picked);
        }}
      />
      <label htmlFor={id} className="visually-hidden">
        {kind === 'audio' ? t('resumableUpload.chooseAudio') : t('resumableUpload.chooseVideo')}
      </label>
      <Space wrap>
        <Button
          icon={<UploadOutlined aria-hidden="true" />}
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-controls={id}
        >
          {phase.state === 'idle'
            ? kind === 'audio'
              ? t('resumableUpload.chooseAudio')
              : t('resumableUpload.chooseVideo')
            : t('resumableUpload.replace')}
        </Button>
        {phase.state === 'sending' && <Button onClick={pause}>{t('resumableUpload.pause')}</Button>}
        {(phase.state === 'failed' || phase.state === 'paused') && (
          <Button type="primary" onClick={resume}>
            {t('resumableUpload.retry')}
          </Button>
        )}
        {(phase.state === 'sending' || phase.state === 'failed' || phase.state === 'paused') && (
          <Button danger onClick={cancel}>
            {t('resumableUpload.cancel')}
          </Button>
        )}
      </Space>
      <div id={`${id}-status`} aria-live="polite" className="resumable-upload__status">
        {(phase.state === 'sending' ||
          phase.state === 'checking' ||
          phase.state === 'paused' ||
          phase.state === 'failed') &&
          file && (
            <>
              <p className="resumable-upload__name">{t('resumableUpload.uploading', { name: file.name })}</p>
              <Progress
                percent={percent}
                status={phase.state === 'failed' ? 'exception' : phase.state === 'checking' ? 'active' : 'normal'}
                aria-label={t('resumableUpload.progressLabel')}
              />
              {'sent' in phase && (
                <p className="resumable-upload__bytes">
                  {t('resumableUpload.progress', {
                    sent: bytes(phase.sent),
                    total: bytes(phase.total),
                    percent: String(percent),
                  })}
                </p>
              )}
            </>
          )}
        {phase.state === 'sending' && phase.resuming && <p>{t('resumableUpload.resuming')}</p>}
        {phase.state === 'checking' && <p>{t('resumableUpload.checking')}</p>}
        {phase.state === 'paused' && <p>{t('resumableUpload.paused')}</p>}
        {phase.state === 'failed' && (
          <Alert type="warning" showIcon message={t('resumableUpload.failed', { reason: phase.reason })} />
        )}
        {phase.state === 'refused' && (
          <Alert
            type="error"
            showIcon
            role="alert"
            message={t('resumableUpload.refused')}
            description={
              // each rule the file breaks, named (issue 9: only "refused" was said), else the server's words
              phase.refusal.issues.length > 0 ? <RuleIssueLines issues={phase.refusal.issues} /> : phase.refusal.msg
            }
            data-code={phase.refusal.code}
          />
        )}
        {phase.state === 'stored' && (
          <p className="resumable-upload__done">
            <CheckCircleOutlined aria-hidden="true" /> {t('resumableUpload.stored', { name: phase.name })}
          </p>
        )}
      </div>
    </div>
  );
}
