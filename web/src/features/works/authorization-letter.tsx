/**
 * The authorization letter as the musician signs it: who authorizes whom, the work (title, artists, every track),
 * the rights claimed (property, rights statement, source and its code), the scope (platforms, territories, release
 * date) and the agreement version. The server writes the same facts into the PDF it keeps.
 */
import {
  AGREEMENT_VERSION,
  PROPERTY_LABELS,
  SOURCE_LABELS,
  sourceCode,
  WC_STATEMENT_LABELS,
  type WorkDetail,
} from '@trackline/contract/work-model';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useUserInfo } from '../account/use-user-info';
import { useRealnameInfo } from '../realname/realname-api';
import { useSiteTitle } from '../site/use-agent-info';
import { territoryName, useWorkLabels } from './work-labels';
import { usePlatforms } from './works-api';

function artists(primary: string[], featured: string[]): string {
  return featured.length > 0 ? `${primary.join(' / ')} (feat. ${featured.join(' / ')})` : primary.join(' / ');
}

export function AuthorizationLetter({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  const { pick, lang } = useWorkLabels();
  const site = useSiteTitle();
  const { data: user } = useUserInfo();
  const platforms = usePlatforms();
  // The legal party the letter names (issue 10): the verified real name or company, a minor with the guardian.
  const party = useRealnameInfo().data?.legal_party;
  const signer = party
    ? `${party.name}${party.guardian_name ? `（${t('realname.guardianOnLetter', { name: party.guardian_name })}）` : ''}`
    : user?.real_name || user?.nickname || user?.username || '';
  const platformNames = work.platforms.map((code) => platforms.data?.find((p) => p.code === code)?.name ?? code);
  const territories =
    work.territories === 'worldwide'
      ? t('works.scope.worldwide')
      : work.territories.map((code) => territoryName(code, lang)).join(lang === 'en' ? ', ' : '、');
  const none = '—';

  return (
    <article className="auth-letter" aria-labelledby="auth-letter-title" data-testid="authorization-letter">
      <h2 id="auth-letter-title" className="auth-letter__title">
        {t('works.letter.title')}
      </h2>
      <p>{t('works.letter.opening', { name: signer, site })}</p>
      <dl className="auth-letter__facts">
        <dt>{t('works.letter.work')}</dt>
        <dd>
          {work.title}
          {work.version && ` (${work.version})`} · {t(`works.kind.${work.kind}`)}
        </dd>
        <dt>{t('works.fieldNames.primary_artists')}</dt>
        <dd>{artists(work.primary_artists, work.featured_artists) || none}</dd>
        <dt>{t('works.letter.tracks')}</dt>
        <dd>
          <ol className="auth-letter__tracks">
            {[...work.tracks]
              .sort((a, b) => a.position - b.position)
              .map((track) => (
                <li key={track.id}>
                  {track.title}
                  {track.version && ` (${track.version})`} — {artists(track.primary_artists, track.featured_artists)}
                </li>
              ))}
          </ol>
        </dd>
        <dt>{t('works.fieldNames.property')}</dt>
        <dd>{work.property ? pick(PROPERTY_LABELS[work.property]) : none}</dd>
        <dt>{t('works.fieldNames.wc_statement')}</dt>
        <dd>{work.wc_statement ? pick(WC_STATEMENT_LABELS[work.wc_statement]) : none}</dd>
        <dt>{t('works.fieldNames.source')}</dt>
        <dd>
          {work.source ? `${pick(SOURCE_LABELS[work.source])} (${work.source_code ?? sourceCode(work.source)})` : none}
        </dd>
        <dt>{t('works.fieldNames.platforms')}</dt>
        <dd>{platformNames.join(lang === 'en' ? ', ' : '、') || none}</dd>
        <dt>{t('works.fieldNames.territories')}</dt>
        <dd>{territories || none}</dd>
        <dt>{t('works.fieldNames.release_date')}</dt>
        <dd>{work.release_date ?? none}</dd>
      </dl>
      <p>{t('works.letter.declaration')}</p>
      <p className="auth-letter__meta">
        {t('works.letter.version', { version: AGREEMENT_VERSION })} ·{' '}
        {t('works.letter.date', { date: formatDate(new Date()) })}
      </p>
    </article>
  );
}
