/**
 * The release cover: pick a JPG or PNG, see it at once, read what the stores require (square, at least
 * 3000×3000 pixels, RGB) with the picked file's own size checked against it before it is even sent, then upload
 * with a progress bar. The server checks the bytes again; pre-review repeats its verdict before submission.
 */
import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import type { RuleIssue } from '@trackline/contract/works-types';
import { Button, Progress } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { RuleIssueLines } from './field';
import type { FileRef } from './info-draft';
import { imageSize, uploadSmallFile } from './small-upload';

export const COVER_MIN = 3000;

function coverIssues(file: File, size: { width: number; height: number } | null): RuleIssue[] {
  const type = file.type.toLowerCase();
  if (!['image/jpeg', 'image/png'].includes(type) && !/\.(jpe?g|png)$/i.test(file.name))
    return [{ rule: 'cover.format', field: 'cover', severity: 'error' }];
  if (!size) return [{ rule: 'cover.corrupt', field: 'cover', severity: 'error' }];
  const issues: RuleIssue[] = [];
  const { width, height } = size;
  if (width !== height) issues.push({ rule: 'cover.not_square', field: 'cover', severity: 'error', params: size });
  if (Math.min(width, height) < COVER_MIN)
    issues.push({
      rule: 'cover.too_small',
      field: 'cover',
      severity: 'error',
      params: { min: COVER_MIN, width, height },
    });
  return issues;
}

interface CoverFieldProps {
  value: FileRef | null;
  onChange: (cover: FileRef | null) => void;
  /** Issues of the server's pre-review for the saved cover. */
  serverIssues?: RuleIssue[];
  showRequired?: boolean;
}

export function CoverField({ value, onChange, serverIssues = [], showRequired }: CoverFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [issues, setIssues] = useState<RuleIssue[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  // The step pages carry the work's ?id=: the cover maker opens for it.
  const [params] = useSearchParams();
  const workId = params.get('id');

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (file: File) => {
    setFailure(null);
    const found = coverIssues(file, await imageSize(file));
    setIssues(found);
    if (found.some((i) => i.rule === 'cover.format')) return;
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const uploaded = await uploadSmallFile(file, setProgress);
      onChange({ key: uploaded.key, url: uploaded.url, name: uploaded.name, size: uploaded.size });
    } catch (error) {
      setFailure(isApiError(error) && error.msg ? error.msg : t('works.upload.failed'));
      setPreview(null);
    } finally {
      setProgress(null);
    }
  };

  const src = preview ?? value?.url ?? null;
  // The server's own "required" finding says the same once pre-review has run.
  const missing = showRequired && !value && serverIssues.length === 0;

  return (
    <fieldset className="work-section">
      <legend className="work-section__title">{t('works.fields.cover')}</legend>
      <div className="cover-field">
        <div className="cover-field__preview">
          {src ? (
            <img src={src} alt={t('works.cover.previewAlt')} />
          ) : (
            <PictureOutlined aria-hidden="true" className="cover-field__placeholder" />
          )}
        </div>
        <div className="cover-field__side">
          <ul className="cover-field__rules" id={`${id}-rules`}>
            <li>{t('works.cover.ruleFormat')}</li>
            <li>{t('works.cover.ruleSize', { min: COVER_MIN })}</li>
            <li>{t('works.cover.ruleColour')}</li>
          </ul>
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/jpeg,image/png,.jpg,.jpeg,.png"
            className="visually-hidden"
            aria-describedby={`${id}-rules ${id}-status`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void pick(file);
            }}
          />
          <Button
            icon={<UploadOutlined aria-hidden="true" />}
            loading={progress !== null}
            onClick={() => input.current?.click()}
            aria-controls={id}
          >
            {value ? t('works.cover.replace') : t('works.cover.choose')}
          </Button>
          <Link className="cover-field__maker" to={`/intelligence-cover${workId ? `?work=${workId}` : ''}`}>
            {t('works.cover.maker')}
          </Link>
          <label htmlFor={id} className="visually-hidden">
            {t('works.fields.cover')}
          </label>
          <div id={`${id}-status`} aria-live="polite">
            {progress !== null && (
              <Progress
                percent={progress}
                size="small"
                aria-label={t('works.upload.progress', { percent: progress })}
              />
            )}
            {value && progress === null && <p className="cover-field__name">{value.name}</p>}
            {failure && <p className="rule-issue rule-issue--error">{failure}</p>}
            {missing && <p className="rule-issue rule-issue--error">{t('works.cover.required')}</p>}
            <RuleIssueLines issues={[...issues, ...(issues.length === 0 ? serverIssues : [])]} />
          </div>
        </div>
      </div>
    </fieldset>
  );
}
