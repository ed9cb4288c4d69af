/**
 * Step 1, the release: title and version, primary and featured artists, genre, lyrics language, explicit flag,
 * original release date, label, ℗ and © lines and an optional UPC (assigned at approval when left empty).
 */
import { upcIssues } from '@trackline/contract/identifiers';
import { titleIssues } from '@trackline/contract/title-rules';
import { GENRES, WORK_LANGUAGES, WORK_LIMITS } from '@trackline/contract/work-model';
import { Checkbox, DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './field';
import type { InfoDraft } from './info-draft';
import { nameListIssues, optionalTitleIssues, shown } from './live-rules';
import { TagInput } from './tag-input';

interface ReleaseFieldsProps {
  draft: InfoDraft;
  onChange: (patch: Partial<InfoDraft>) => void;
  showRequired: boolean;
  disabled?: boolean;
}

export function ReleaseFields({ draft, onChange, showRequired, disabled }: ReleaseFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const album = draft.kind === 'album';

  return (
    <fieldset className="work-section" disabled={disabled}>
      <legend className="work-section__title">{album ? t('works.form.albumInfo') : t('works.form.singleInfo')}</legend>
      <div className="work-grid">
        <Field
          id={`${id}-title`}
          label={album ? t('works.fields.albumTitle') : t('works.fields.songTitle')}
          required
          issues={shown(titleIssues(draft.title, 'title'), showRequired)}
        >
          {({ describedBy, invalid }) => (
            <Input
              id={`${id}-title`}
              value={draft.title}
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
          hint={t('works.hints.version')}
          issues={optionalTitleIssues(draft.version, 'version')}
        >
          {({ describedBy, invalid }) => (
            <Input
              id={`${id}-version`}
              value={draft.version}
              maxLength={WORK_LIMITS.versionMax}
              status={invalid ? 'error' : undefined}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ version: e.target.value })}
            />
          )}
        </Field>
        <Field
          id={`${id}-primary`}
          label={t('works.fields.primaryArtists')}
          required
          hint={t('works.hints.artists')}
          issues={shown(nameListIssues(draft.primary_artists, 'primary_artists', true), showRequired)}
        >
          {({ describedBy, invalid }) => (
            <TagInput
              id={`${id}-primary`}
              value={draft.primary_artists}
              max={WORK_LIMITS.artistsMax}
              maxLength={WORK_LIMITS.nameMax}
              describedBy={describedBy}
              invalid={invalid}
              onChange={(primary_artists) => onChange({ primary_artists })}
            />
          )}
        </Field>
        <Field
          id={`${id}-featured`}
          label={t('works.fields.featuredArtists')}
          issues={nameListIssues(draft.featured_artists, 'featured_artists', false)}
        >
          {({ describedBy, invalid }) => (
            <TagInput
              id={`${id}-featured`}
              value={draft.featured_artists}
              max={WORK_LIMITS.artistsMax}
              maxLength={WORK_LIMITS.nameMax}
              describedBy={describedBy}
              invalid={invalid}
              onChange={(featured_artists) => onChange({ featured_artists })}
            />
          )}
        </Field>
        <Field
          id={`${id}-genre`}
          label={t('works.fields.genre')}
          required
          issues={showRequired && !draft.genre ? [{ rule: 'text.required', field: 'genre', severity: 'error' }] : []}
        >
          {({ describedBy, invalid }) => (
            <Select
              id={`${id}-genre`}
              value={draft.genre ?? undefined}
              placeholder={t('works.form.choose')}
              status={invalid ? 'error' : undefined}
              aria-describedby={describedBy}
              options={GENRES.map((g) => ({ value: g, label: t(`works.genres.${g}`) }))}
              onChange={(genre) => onChange({ genre })}
            />
          )}
        </Field>
        <Field
          id={`${id}-language`}
          label={t('works.fields.language')}
          required
          issues={
            showRequired && !draft.language ? [{ rule: 'text.required', field: 'language', severity: 'error' }] : []
          }
        >
          {({ describedBy, invalid }) => (
            <Select
              id={`${id}-language`}
              value={draft.language ?? undefined}
              placeholder={t('works.form.choose')}
              status={invalid ? 'error' : undefined}
              aria-describedby={describedBy}
              options={WORK_LANGUAGES.map((l) => ({ value: l, label: t(`works.languages.${l}`) }))}
              onChange={(language) => onChange({ language })}
            />
          )}
        </Field>
        <Field id={`${id}-original`} label={t('works.fields.originalReleaseDate')} hint={t('works.hints.originalDate')}>
          {({ describedBy }) => (
            <DatePicker
              id={`${id}-original`}
              className="work-field__full"
              value={draft.original_release_date ? dayjs(draft.original_release_date) : null}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              aria-describedby={describedBy}
              onChange={(d) => onChange({ original_release_date: d ? d.format('YYYY-MM-DD') : null })}
            />
          )}
        </Field>
        <Field id={`${id}-label`} label={t('works.fields.label')}>
          {({ describedBy }) => (
            <Input
              id={`${id}-label`}
              value={draft.label}
              maxLength={WORK_LIMITS.labelMax}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ label: e.target.value })}
            />
          )}
        </Field>
        <Field id={`${id}-pline`} label={t('works.fields.pLine')} hint={t('works.hints.pLine')}>
          {({ describedBy }) => (
            <Input
              id={`${id}-pline`}
              value={draft.p_line}
              maxLength={WORK_LIMITS.lineMax}
              prefix={<span aria-hidden="true">℗</span>}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ p_line: e.target.value })}
            />
          )}
        </Field>
        <Field id={`${id}-cline`} label={t('works.fields.cLine')} hint={t('works.hints.cLine')}>
          {({ describedBy }) => (
            <Input
              id={`${id}-cline`}
              value={draft.c_line}
              maxLength={WORK_LIMITS.lineMax}
              prefix={<span aria-hidden="true">©</span>}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ c_line: e.target.value })}
            />
          )}
        </Field>
        <Field
          id={`${id}-upc`}
          label={t('works.fields.upc')}
          hint={t('works.hints.upc')}
          issues={upcIssues(draft.upc, 'upc')}
        >
          {({ describedBy, invalid }) => (
            <Input
              id={`${id}-upc`}
              value={draft.upc}
              maxLength={16}
              inputMode="numeric"
              status={invalid ? 'error' : undefined}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(e) => onChange({ upc: e.target.value })}
            />
          )}
        </Field>
        <div className="work-field work-field--check">
          <Checkbox checked={draft.explicit} onChange={(e) => onChange({ explicit: e.target.checked })}>
            {t('works.fields.explicit')}
          </Checkbox>
          <p className="work-field__hint">{t('works.hints.explicit')}</p>
        </div>
      </div>
    </fieldset>
  );
}
