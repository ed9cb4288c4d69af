/**
 * A track's main audio: the file attached now (name and what the server read from it: format, sample rate, bit
 * depth, channels, length) and the resumable upload that replaces it (ResumableUploadField: progress bar, survives
 * a dropped connection). The server refuses what is not audio; pre-review names every rule the file breaks.
 */
import { SoundOutlined } from '@ant-design/icons';
import type { RuleIssue } from '@trackline/contract/works-types';
import { useTranslation } from 'react-i18next';
import { RuleIssueLines } from './field';
import type { FileRef } from './info-draft';
import { ResumableUploadField } from './resumable-upload-field';

function duration(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** "WAV · 44.1 kHz · 16 bit · 2 ch · 3:25" from the analysis the server stored with the file. */
export function audioSummary(meta: Record<string, unknown> | null | undefined): string {
  if (!meta) return '';
  const parts: string[] = [];
  if (typeof meta.format === 'string') parts.push(meta.format.toUpperCase());
  if (typeof meta.sampleRate === 'number') parts.push(`${Math.round(meta.sampleRate / 100) / 10} kHz`);
  if (typeof meta.bitDepth === 'number') parts.push(`${meta.bitDepth} bit`);
  if (typeof meta.channels === 'number') parts.push(`${meta.channels} ch`);
  if (typeof meta.durationSec === 'number') parts.push(duration(meta.durationSec));
  if (typeof meta.container === 'string') parts.push(meta.container.toUpperCase());
  return parts.join(' · ');
}

interface AudioFieldProps {
  value: FileRef | null;
  onChange: (file: FileRef) => void;
  serverIssues?: RuleIssue[];
  showRequired?: boolean;
}

export function AudioField({ value, onChange, serverIssues = [], showRequired }: AudioFieldProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="work-field work-field--wide work-field--set">
      <legend className="work-field__label">
        {t('works.fields.audio')}
        <span className="work-field__required" aria-hidden="true">
          *
        </span>
      </legend>
      <p className="work-field__hint">{t('works.hints.audio')}</p>
      {value && (
        <p className="audio-field__current" data-testid="audio-current">
          <SoundOutlined aria-hidden="true" /> <span className="audio-field__name">{value.name}</span>{' '}
          <span className="audio-field__meta">{audioSummary(value.meta)}</span>
        </p>
      )}
      <ResumableUploadField
        kind="audio"
        onUploaded={(file) =>
          onChange({ key: file.key, url: file.url, name: file.name, size: file.size, meta: file.meta })
        }
      />
      {showRequired && !value && serverIssues.length === 0 && (
        <p className="rule-issue rule-issue--error">{t('works.audio.required')}</p>
      )}
      <RuleIssueLines issues={serverIssues} />
    </fieldset>
  );
}
