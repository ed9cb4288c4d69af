/**
 * The frame of the three publishing steps: the heading (what is being published), the step indicator (earlier
 * steps are links back), and the states every step shares — loading, not found, load failure, a work that is not
 * being edited (under review or online), and the redirect to the step the work's status belongs to.
 */
import type { WorkDetail } from '@trackline/contract/work-model';
import { Alert, Result, Skeleton, Steps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { WORK_LIST_ROUTE, workStepRoute } from '../../lib/routes';
import { type Step, useWorkStep } from './use-work-step';
import { WorkCodes } from './work-codes';
import { useWorkLabels } from './work-labels';
import { WorkStatusTag } from './work-status-tag';
import './works.css';

export function StepFrame({
  step,
  work,
  kind,
  children,
}: {
  step: Step;
  work?: WorkDetail;
  /** The kind of a work not saved yet (step 1 before its first save). */
  kind?: WorkDetail['kind'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { rejectReason } = useWorkLabels();
  const navigate = useNavigate();
  const shownKind = work?.kind ?? kind;
  const album = shownKind === 'album';
  // Reopened after a rejection: the editor's words stay on the work until it is submitted again (issue 9: fixing
  // a rejected work opened step 1 without them).
  const fixing = work?.reject_reason && !['400', '401'].includes(work.status) ? work.reject_reason : null;
  const titles = [t('works.steps.info'), t('works.steps.scope'), t('works.steps.sign')];
  return (
    <div className="shell-width works-page works-page--form">
      <header className="works-page__header">
        <div>
          <h1 className="works-page__title">
            {shownKind
              ? album
                ? t('works.steps.publishAlbum')
                : t('works.steps.publishSingle')
              : t('works.steps.publish')}
          </h1>
          {work && (
            <p className="works-page__intro">
              {work.title.trim() || t('works.untitled')} <WorkStatusTag status={work.status} remark={work.remark} />
            </p>
          )}
        </div>
        <Link to={WORK_LIST_ROUTE} className="link-button">
          {t('works.list.title')}
        </Link>
      </header>
      <nav aria-label={t('works.steps.label')} className="works-steps">
        <Steps
          current={step - 1}
          size="small"
          responsive
          items={titles.map((title, index) => ({
            title:
              work && index < step - 1 ? (
                <button
                  type="button"
                  className="works-text-button"
                  onClick={() => navigate(workStepRoute((index + 1) as Step, work.id), { state: { back: true } })}
                >
                  {title}
                </button>
              ) : (
                <span aria-current={index === step - 1 ? 'step' : undefined}>{title}</span>
              ),
          }))}
        />
      </nav>
      {fixing && (
        <Alert
          className="works-reject-reason"
          type="warning"
          showIcon
          role="alert"
          message={t('works.steps.rejectedBecause')}
          description={rejectReason(fixing)}
          data-testid="reject-reason"
        />
      )}
      {children}
    </div>
  );
}

/** Loads the work of ?id= for a step and renders `children(work)` once it may be shown here. */
export function StepGate({ step, children }: { step: Step; children: (work: WorkDetail) => ReactNode }) {
  const { t } = useTranslation();
  const { id, detail, work, redirect, locked, ready } = useWorkStep(step);

  if (id === null) return <Navigate to={workStepRoute(1)} replace />;
  if (redirect && work) return <Navigate to={workStepRoute(redirect, work.id)} replace />;

  let body: ReactNode;
  if (!ready) {
    body = (
      <div className="works-card" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  } else if (detail.isError || !work) {
    const notFound = isApiError(detail.error) && detail.error.code === 2100;
    body = (
      <Result
        status={notFound ? '404' : 'warning'}
        title={notFound ? t('works.notFound') : t('works.loadFailed')}
        extra={
          notFound ? (
            <Link to={WORK_LIST_ROUTE} className="link-button link-button--primary">
              {t('works.list.title')}
            </Link>
          ) : (
            <button type="button" className="link-button link-button--primary" onClick={() => void detail.refetch()}>
              {t('common.retry')}
            </button>
          )
        }
      />
    );
  } else if (locked) {
    body = (
      <Result
        status="info"
        title={t('works.locked.title')}
        subTitle={
          <>
            <WorkStatusTag status={work.status} remark={work.remark} rejectReason={work.reject_reason} showReason />
            <WorkCodes
              upc={work.upc}
              isrcs={work.tracks.flatMap((track) => (track.isrc ? [track.isrc] : []))}
              className="work-codes--centred"
            />
          </>
        }
        extra={
          <Link to={WORK_LIST_ROUTE} className="link-button link-button--primary">
            {t('works.list.title')}
          </Link>
        }
      />
    );
  } else {
    return <>{children(work)}</>;
  }
  return (
    <StepFrame step={step} work={work}>
      {body}
    </StepFrame>
  );
}
