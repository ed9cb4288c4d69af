/**
 * One track's fields: title, version and artists (an album's tracks each have their own; a single's one track
 * takes the release's), lyricist, composer, arranger, producer, optional ISRC, explicit flag, language, lyrics and
 * the main audio. Each field shows its live rule issues; server pre-review issues of the track show by their field.
 */
import { isrcIssues } from '@trackline/contract/identifiers';
import { titleIssues } from '@trackline/contract/title-rules';
import { WORK_LANGUAGES, WORK_LIMITS } from '@trackline/contract/work-model';
import type { RuleIssue } from '@trackline/contract/works-types';
import { Checkbox, Input, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioField } from './audio-field';
import { Field } from './field';
import type { TrackDraft } from './info-draft';
import { nameListIssues, optionalTitleIssues, shown } from './live-rules';
import { LyricsField } from './lyrics-field';
import { TagInput } from './tag-input';

type NameKey = 'primary_artists' | 'featured_artists' | 'lyricist' | 'composer' | 'arranger' | 'producer';

interface TrackFieldsProps {
  track: TrackDraft;
  index: number;
  /** A single: title, version, artists, explicit and language come from the release. */
  single: boolean;
  /** An original work (property 1) must name its composer, and its lyricist unless the track is instrumental. */
  original: boolean;
  /** The release's lyrics language, which a track without its own takes. */
  releaseLanguage: string | null;
  showRequired: boolean;
  serverIssues: RuleIssue[];
  onChange: (patch: Partial<TrackDraft>) => void;
}

export function TrackFields({
  track,
  index,
  single,
  original,
  releaseLanguage,
  showRequired,
  serverIssues,
  onChange,
}: TrackFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const field = (name: string) => `tracks.${index}.${name}`;
  const fromServer = (name: string) =>
    serverIssues.filter((i) => i.field === field(name) || i.field.startsWith(`${field(name)}.`));

  const names = (key: NameKey, label: string, required = false, hint?: string) => (
    <Field
      id={`${id}-${key}`}
      label={label}
      required={required}
      hint={hint}
      issues={shown(nameListIssues(track[key], field(key), required), showRequired)}
    >
      {({ describedBy, invalid }) => (
        <TagInput
          id={`${id}-${key}`}
          value={track[key]}
          max={WORK_LIMITS.artistsMax}
          maxLength={WORK_LIMITS.nameMax}
          describedBy={describedBy}
          invalid={invalid}
          onChange={(value) => onChange({ [key]: value })}
        />
      )}
    </Field>
  );

  return (
    <div className="work-grid">
      {!single && (
        <>
          <Field
            id={`${id}-title`}
            label={t('works.fields.trackTitle')}
            required
            issues={shown(titleIssues(track.title, field('title')), showRequired)}
          >
            {({ describedBy, invalid }) => (
              <Input
                id={`${id}-title`}
                value={track.title}
                maxLength={WORK_LIMITS.titleMax}
                showCount
                status={invalid ? 'error' : undefined}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                onChange={(e) => onChange({ title: e.target.value })}
              />
            )}
          </Field>
          <Field
            id={`${id}-version`}
            label={t('works.fields.version')}
            issues={optionalTitleIssues(track.version, field('version'))}
          >
            {({ describedBy }) => (
              <Input
                id={`${id}-version`}
                value={track.version}
                maxLength={WORK_LIMITS.versionMax}
                aria-describedby={describedBy}
                onChange={(e) => onChange({ version: e.target.value })}
              />
            )}
          </Field>
          {names('primary_artists', t('works.fields.primaryArtists'), true, t('works.hints.artists'))}
          {names('featured_artists', t('works.fields.featuredArtists'))}
          <Field id={`${id}-language`} label={t('works.fields.language')}>
            {({ describedBy }) => (
              <Select
                id={`${id}-language`}
                value={track.language ?? undefined}
                allowClear
                placeholder={t('works.form.sameAsRelease')}
                aria-describedby={describedBy}
                options={WORK_LANGUAGES.map((l) => ({ value: l, label: t(`works.languages.${l}`) }))}
                onChange={(language) => onChange({ language: language ?? null })}
              />
            )}
          </Field>
          <div className="work-field work-field--check">
            <Checkbox checked={track.explicit} onChange={(e) => onChange({ explicit: e.target.checked })}>
              {t('works.fields.explicit')}
            </Checkbox>
          </div>
        </>
      )}
      {names(
        'lyricist',
        t('works.fields.lyricist'),
        original && (track.language ?? releaseLanguage) !== 'instrumental',
      )}
      {names('composer', t('works.fields.composer'), original)}
      {names('arranger', t('works.fields.arranger'))}
      {names('producer', t('works.fields.producer'))}
      <Field
        id={`${id}-isrc`}
        label={t('works.fields.isrc')}
        hint={t('works.hints.isrc')}
        issues={[
          ...isrcIssues(track.isrc, field('isrc')),
          ...fromServer('isrc').filter((i) => i.rule !== 'isrc.format'),
        ]}
      >
        {({ describedBy, invalid }) => (
          <Input
            id={`${id}-isrc`}
            value={track.isrc}
            maxLength={15}
            status={invalid ? 'error' : undefined}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(e) => onChange({ isrc: e.target.value })}
          />
        )}
      </Field>
      <LyricsField lyrics={track.lyrics} file={track.lyricFile} onChange={onChange} />
      <AudioField
        value={track.audio}
        showRequired={showRequired}
        serverIssues={fromServer('audio')}
        onChange={(audio) => onChange({ audio })}
      />
    </div>
  );
}
