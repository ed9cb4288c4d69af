/**
 * A track's lyrics: typed or pasted into the text area, or taken from an .lrc/.txt file. The file is uploaded
 * (and attached as the lyric material) and its text fills the area, after a confirmation when that would replace
 * what is there.
 */
import { FileTextOutlined } from '@ant-design/icons';
import { WORK_LIMITS } from '@trackline/contract/work-model';
import { App, Button, Input } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import type { FileRef } from './info-draft';
import { uploadSmallFile } from './small-upload';

/** The file's text: UTF-8, else GBK (as many Chinese lyrics files are), which browsers decode too. */
async function readText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}

interface LyricsFieldProps {
  lyrics: string;
  file: FileRef | null;
  onChange: (patch: { lyrics?: string; lyricFile?: FileRef | null }) => void;
}

export function LyricsField({ lyrics, file, onChange }: LyricsFieldProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const pick = async (picked: File) => {
    setFailure(null);
    if (!/\.(lrc|txt)$/i.test(picked.name)) {
      setFailure(t('works.lyrics.typeInvalid'));
      return;
    }
    setBusy(true);
    try {
      const [uploaded, text] = await Promise.all([uploadSmallFile(picked, () => undefined), readText(picked)]);
      const ref: FileRef = { key: uploaded.key, url: uploaded.url, name: uploaded.name, size: uploaded.size };
      const cleaned = text
        .replace(/^\uFEFF/, '')
        .replace(/\r\n?/g, '\n')
        .slice(0, WORK_LIMITS.lyricsMax);
      if (lyrics.trim() === '' || lyrics === cleaned) {
        onChange({ lyricFile: ref, lyrics: cleaned });
      } else {
        modal.confirm({
          title: t('works.lyrics.replaceTitle'),
          content: t('works.lyrics.replaceText'),
          okText: t('works.lyrics.replace'),
          cancelText: t('works.lyrics.keep'),
          onOk: () => onChange({ lyricFile: ref, lyrics: cleaned }),
          onCancel: () => onChange({ lyricFile: ref }),
        });
      }
    } catch (error) {
      setFailure(isApiError(error) && error.msg ? error.msg : t('works.upload.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="work-field work-field--wide">
      <label htmlFor={`${id}-text`} className="work-field__label">
        {t('works.fields.lyrics')}
      </label>
      <Input.TextArea
        id={`${id}-text`}
        value={lyrics}
        maxLength={WORK_LIMITS.lyricsMax}
        autoSize={{ minRows: 4, maxRows: 14 }}
        placeholder={t('works.lyrics.placeholder')}
        aria-describedby={`${id}-file`}
        onChange={(e) => onChange({ lyrics: e.target.value })}
      />
      <div className="lyrics-field__file" id={`${id}-file`} aria-live="polite">
        <input
          ref={input}
          id={`${id}-upload`}
          type="file"
          accept=".lrc,.txt,text/plain"
          className="visually-hidden"
          onChange={(event) => {
            const picked = event.target.files?.[0];
            event.target.value = '';
            if (picked) void pick(picked);
          }}
        />
        <label htmlFor={`${id}-upload`} className="visually-hidden">
          {t('works.lyrics.upload')}
        </label>
        <Button
          size="small"
          icon={<FileTextOutlined aria-hidden="true" />}
          loading={busy}
          onClick={() => input.current?.click()}
        >
          {t('works.lyrics.upload')}
        </Button>
        {file && (
          <span className="lyrics-field__name">
            {file.name}{' '}
            <button type="button" className="works-text-button" onClick={() => onChange({ lyricFile: null })}>
              {t('works.lyrics.detach')}
            </button>
          </span>
        )}
        {failure && <span className="rule-issue rule-issue--error">{failure}</span>}
      </div>
    </div>
  );
}
