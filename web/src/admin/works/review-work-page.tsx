/**
 * /admin/review/:id: one work as an editor reviews it. The cover large, the status with the decisions it allows,
 * the pre-review results, each track with players for its audio, every field of the work, the signed
 * authorization and the history. A page rather than a drawer, so a track can play while the editor scrolls.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { errorCatalogue } from '@trackline/contract/errors';
import { formatDate } from '@trackline/contract/format';
import type { ReviewDetailData } from '@trackline/contract/review-types';
import { REJECT_REASON_LABELS } from '@trackline/contract/work-model';
import { Alert, Button, Card, Descriptions, Result, Spin } from 'antd';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { useAdminT } from '../i18n';
import { PageHeader } from '../shell/page-header';
import { relativeAge } from '../shell/relative-age';
import { PrereviewList } from './prereview-list';
import { ReviewActions } from './review-actions';
import { useReviewDetail } from './review-api';
import { REVIEW_BASE } from './review-paths';
import { TrackSection } from './track-section';
import { WorkHistory } from './work-history';
import { WorkMetadata } from './work-metadata';
import { pickLabel, WorkStatusTag } from './work-status-tag';
import './review.css';

function BackLink({ button = false }: { button?: boolean }) {
  const { t } = useAdminT();
  return (
    <Link to={REVIEW_BASE} className={button ? 'admin-link-button' : undefined}>
      <ArrowLeftOutlined aria-hidden="true" /> {t('review.back')}
    </Link>
  );
}

export default function ReviewWorkPage({ id }: { id: number }) {
  const { t } = useAdminT();
  const detail = useReviewDetail(id);

  if (detail.isPending) {
    return (
      <div className="admin-spinner" role="status">
        <Spin />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  }
  if (detail.isError) {
    const notFound = isApiError(detail.error) && detail.error.code === errorCatalogue.WORK_NOT_FOUND.code;
    return (
      <Result
        status={notFound ? '404' : 'warning'}
        title={<h1 className="admin-result-title">{notFound ? t('review.notFound') : t('review.loadFailed')}</h1>}
        subTitle={notFound ? t('review.notFoundHint') : isApiError(detail.error) ? detail.error.msg : undefined}
        extra={
          notFound ? (
            <BackLink button />
          ) : (
            <Button onClick={() => void detail.refetch()} loading={detail.isFetching}>
              {t('common.retry')}
            </Button>
          )
        }
      />
    );
  }
  return <ReviewWork data={detail.data} />;
}

function ReviewWork({ data }: { data: ReviewDetailData }) {
  const { t, language } = useAdminT();
  const { work, prereview, history, musician, actions } = data;
  const title = (work.title || t('review.untitled')) + (work.version ? ` (${work.version})` : '');
  const artists = work.primary_artists.join(' / ');

  return (
    <div className="admin-review-work">
      <PageHeader title={t('review.pageTitle', { title })} extra={<BackLink />} />

      <Card className="admin-review-card">
        <div className="admin-review-summary">
          {work.cover ? (
            <a href={work.cover.url} target="_blank" rel="noreferrer" className="admin-review-cover-link">
              <img
                className="admin-review-cover"
                src={work.cover.url}
                alt={t('review.coverOf', { title })}
                width={320}
                height={320}
              />
            </a>
          ) : (
            <div className="admin-review-cover admin-review-cover--empty">{t('review.noCover')}</div>
          )}
          <div className="admin-review-summary-body">
            <h2 className="admin-review-heading">{title}</h2>
            {artists && <p className="admin-review-artists">{artists}</p>}
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'status', label: t('review.status'), children: <WorkStatusTag status={work.status} /> },
                { key: 'kind', label: t('review.kind'), children: t(`review.kinds.${work.kind}`) },
                { key: 'tracks', label: t('review.tracks'), children: work.tracks.length },
                {
                  key: 'musician',
                  label: t('review.musician'),
                  children: `${musician.nickname ? `${musician.nickname} ` : ''}${musician.mobile}`,
                },
                {
                  key: 'submitted',
                  label: t('review.submittedAt'),
                  children: work.submitted_at
                    ? t('review.dateWithAge', {
                        date: formatDate(work.submitted_at, true),
                        age: relativeAge(work.submitted_at, language, t('review.justNow')),
                      })
                    : '--',
                },
              ]}
            />
            {work.reject_reason && (
              <Alert
                type="error"
                showIcon
                className="admin-review-rejected"
                message={t('review.rejectedBecause', {
                  reason: pickLabel(REJECT_REASON_LABELS[work.reject_reason.code], language),
                })}
                description={work.reject_reason.text || undefined}
              />
            )}
            <div className="admin-review-actions">
              <ReviewActions
                key={work.status}
                id={work.id}
                status={work.status}
                actions={actions}
                releaseDate={work.release_date}
              />
            </div>
          </div>
        </div>
      </Card>

      <Card className="admin-review-card" title={<h2 className="admin-review-card-title">{t('review.prereview')}</h2>}>
        <PrereviewList result={prereview} />
      </Card>

      <Card className="admin-review-card" title={<h2 className="admin-review-card-title">{t('review.trackList')}</h2>}>
        {work.tracks.map((track) => (
          <TrackSection key={track.id} track={track} count={work.tracks.length} />
        ))}
      </Card>

      <Card className="admin-review-card" title={<h2 className="admin-review-card-title">{t('review.metadata')}</h2>}>
        <WorkMetadata work={work} musician={musician} platforms={data.platforms} />
      </Card>

      <Card
        className="admin-review-card"
        title={<h2 className="admin-review-card-title">{t('review.authorization')}</h2>}
      >
        {work.authorization && data.authorization_pdf_url ? (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              {
                key: 'signed_at',
                label: t('review.signedAt'),
                children: formatDate(work.authorization.signed_at, true),
              },
              {
                key: 'version',
                label: t('review.agreementVersion'),
                children: work.authorization.agreement_version,
              },
              {
                key: 'signature',
                label: t('review.signature'),
                children: work.authorization.signed ? t('review.signed') : t('review.notSigned'),
              },
              {
                key: 'pdf',
                label: t('review.pdf'),
                children: (
                  // The editors' own call: the work's pdf_url is the musician's and refuses staff.
                  <a href={data.authorization_pdf_url} target="_blank" rel="noreferrer">
                    {t('review.openPdf')}
                  </a>
                ),
              },
            ]}
          />
        ) : (
          <span className="admin-muted">{t('review.noAuthorization')}</span>
        )}
      </Card>

      <Card className="admin-review-card" title={<h2 className="admin-review-card-title">{t('review.history')}</h2>}>
        <WorkHistory events={history} />
      </Card>
    </div>
  );
}
