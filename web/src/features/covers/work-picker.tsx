/**
 * Which work the cover is for: one of the musician's works (its title, artists and label are the words on the
 * cover) or none, with the words typed here instead.
 */
import type { CoverMeta } from '@trackline/contract/covers';
import { Alert } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkDetail, useWorkList } from '../works/works-api';

export interface WorkWords extends CoverMeta {
  genre: string;
}

export function artistLine(artists: readonly string[]): string {
  return artists.join(' & ');
}

/** The work's words, once its detail has loaded. */
export function useWorkWords(workId: number | null): WorkWords | null {
  const detail = useWorkDetail(workId);
  if (!workId || !detail.data) return null;
  const w = detail.data;
  return { title: w.title, artist: artistLine(w.primary_artists), label: w.label, genre: w.genre ?? '' };
}

export function WorkPicker(props: {
  workId: number | null;
  onWork: (id: number | null) => void;
  words: WorkWords;
  onWords: (words: WorkWords) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const list = useWorkList({ page: 1, limit: 50 });
  const field = (name: keyof WorkWords, label: string) => (
    <div className="cover-field-row">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        className="cover-input"
        value={props.words[name]}
        maxLength={name === 'genre' ? 40 : 200}
        onChange={(e) => props.onWords({ ...props.words, [name]: e.target.value })}
      />
    </div>
  );
  return (
    <div className="cover-work-picker">
      <div className="cover-field-row">
        <label htmlFor={`${id}-work`}>{t('covers.work.label')}</label>
        <select
          id={`${id}-work`}
          className="cover-input"
          value={props.workId ?? ''}
          data-testid="work-picker"
          onChange={(e) => props.onWork(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">{t('covers.work.none')}</option>
          {list.data?.list.map((w) => (
            <option key={w.id} value={w.id}>
              {w.title || `#${w.id}`}
              {w.primary_artists.length ? ` — ${artistLine(w.primary_artists)}` : ''}
            </option>
          ))}
        </select>
      </div>
      {list.isError && <Alert type="warning" showIcon message={t('covers.work.loadFailed')} />}
      {props.workId ? (
        <p className="cover-muted">{t('covers.work.fromWork')}</p>
      ) : (
        <div className="cover-words">
          {field('title', t('covers.work.title'))}
          {field('artist', t('covers.work.artist'))}
          {field('label', t('covers.work.label_'))}
          {field('genre', t('covers.work.genre'))}
        </div>
      )}
    </div>
  );
}
