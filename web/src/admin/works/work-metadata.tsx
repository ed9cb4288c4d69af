/**
 * Every field of the work (spec §3) with its label: rights (property, wcStatement, source with its code), the
 * release's metadata, codes, scope and dates. Platform names come from the server (the platforms table, in the
 * console's language), territory names from the browser (Intl.DisplayNames).
 */
import { formatDate } from '@trackline/contract/format';
import type { ReviewMusician, ReviewPlatform } from '@trackline/contract/review-types';
import { PROPERTY_LABELS, SOURCE_LABELS, WC_STATEMENT_LABELS, type WorkDetail } from '@trackline/contract/work-model';
import { Descriptions, type DescriptionsProps } from 'antd';
import { type AdminT, useAdminT } from '../i18n';
import { pickLabel } from './work-status-tag';

function territoryNames(territories: WorkDetail['territories'], language: string, t: AdminT): string {
  if (territories === 'worldwide') return t('review.worldwide');
  const names = new Intl.DisplayNames([language === 'en' ? 'en' : 'zh-CN'], { type: 'region' });
  return territories.map((code) => names.of(code) ?? code).join(t('review.listSeparator'));
}

export function WorkMetadata({
  work,
  musician,
  platforms,
}: {
  work: WorkDetail;
  musician: ReviewMusician;
  platforms: ReviewPlatform[];
}) {
  const { t, language } = useAdminT();
  const none = t('review.none');
  const text = (value: string | null | undefined) => (value ? value : none);
  const names = (list: string[]) => (list.length > 0 ? list.join(' / ') : none);

  const items: DescriptionsProps['items'] = [
    { key: 'id', label: t('review.fields.id'), children: `#${work.id}` },
    { key: 'kind', label: t('review.fields.kind'), children: t(`review.kinds.${work.kind}`) },
    {
      key: 'musician',
      label: t('review.fields.musician'),
      children: [musician.real_name, musician.nickname, musician.mobile].filter(Boolean).join(' · '),
    },
    {
      key: 'title',
      label: t('review.fields.title'),
      children: text(work.title),
    },
    { key: 'version', label: t('review.fields.version'), children: text(work.version) },
    { key: 'primary', label: t('review.fields.primary_artists'), children: names(work.primary_artists) },
    { key: 'featured', label: t('review.fields.featured_artists'), children: names(work.featured_artists) },
    {
      key: 'genre',
      label: t('review.fields.genre'),
      children: work.genre ? t(`review.genres.${work.genre}`) : none,
    },
    {
      key: 'language',
      label: t('review.fields.language'),
      children: work.language ? t(`review.languages.${work.language}`) : none,
    },
    { key: 'explicit', label: t('review.fields.explicit'), children: work.explicit ? t('review.yes') : t('review.no') },
    {
      key: 'property',
      label: t('review.fields.property'),
      children: work.property ? pickLabel(PROPERTY_LABELS[work.property], language) : none,
    },
    {
      key: 'wc',
      label: t('review.fields.wc_statement'),
      children: work.wc_statement ? pickLabel(WC_STATEMENT_LABELS[work.wc_statement], language) : none,
    },
    {
      key: 'source',
      label: t('review.fields.source'),
      span: 'filled',
      children: work.source
        ? t('review.sourceWithCode', {
            label: pickLabel(SOURCE_LABELS[work.source], language),
            code: work.source_code ?? '?',
          })
        : none,
    },
    { key: 'label', label: t('review.fields.label'), children: text(work.label) },
    { key: 'p', label: t('review.fields.p_line'), children: text(work.p_line) },
    { key: 'c', label: t('review.fields.c_line'), children: text(work.c_line) },
    {
      key: 'upc',
      label: t('review.fields.upc'),
      children: work.upc ? <code>{work.upc}</code> : t('review.toBeAssigned'),
    },
    { key: 'release', label: t('review.fields.release_date'), children: text(work.release_date) },
    {
      key: 'original',
      label: t('review.fields.original_release_date'),
      children: text(work.original_release_date),
    },
    {
      key: 'platforms',
      label: t('review.fields.platforms'),
      span: 'filled',
      children:
        platforms.length > 0 ? (
          <ul className="admin-review-platforms">
            {platforms.map((p) => (
              <li key={p.code} title={p.code}>
                {p.name}
              </li>
            ))}
          </ul>
        ) : (
          none
        ),
    },
    {
      key: 'territories',
      label: t('review.fields.territories'),
      span: 'filled',
      children: territoryNames(work.territories, language, t),
    },
    { key: 'created', label: t('review.fields.created_at'), children: formatDate(work.created_at, true) },
    { key: 'submitted', label: t('review.fields.submitted_at'), children: formatDate(work.submitted_at, true) },
    { key: 'updated', label: t('review.fields.updated_at'), children: formatDate(work.updated_at, true) },
  ];
  return <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} items={items} />;
}
