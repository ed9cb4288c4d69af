/**
 * /work-publish/update-music?id=: an album's tracks — add, remove (after a confirmation), reorder, edit each track's
 * information and files — with the step-1 track editor, saved as you go through save_info. What the status allows:
 * a work being edited (or rejected: editing reopens it) is edited here at once; an online work needs a change
 * started first (the live version stays until the change is approved); under review or being distributed, it
 * cannot be changed.
 */
import { CheckOutlined } from '@ant-design/icons';
import type { WorkDetail } from '@trackline/contract/work-model';
import { isEditable, resumeStep } from '@trackline/contract/work-status';
import { App, Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError, showApiError } from '../../api/client';
import { WORK_LIST_ROUTE, workStepRoute } from '../../lib/routes';
import { fileIssuesOf } from './info-draft';
import { SaveIndicator } from './save-indicator';
import { TrackListEditor } from './track-list-editor';
import { useInfoEditor } from './use-info-editor';
import { positiveId } from './use-work-step';
import { WorkPageHeader } from './work-page-header';
import { runWorkCommand, useInvalidateWorks, useWorkDetail } from './works-api';
import './works.css';

function AlbumEditor({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { draft, update, autosave, saved, saveError } = useInfoEditor(work);
  const step = resumeStep((saved ?? work).status);

  const finish = async (to: string) => {
    if (await autosave.flush()) navigate(to);
  };

  return (
    <>
      <TrackListEditor
        tracks={draft.tracks}
        single={false}
        original={draft.property === 1}
        releaseLanguage={draft.language}
        showRequired={false}
        serverIssues={fileIssuesOf(saved, draft)}
        onChange={(change) => update((d) => ({ ...d, tracks: change(d.tracks) }))}
      />
      <div className="works-actionbar">
        <div className="works-actionbar__status">
          <SaveIndicator autosave={autosave} />
          {saveError && autosave.status === 'error' && <p className="rule-issue rule-issue--error">{saveError}</p>}
        </div>
        <div className="works-actionbar__buttons">
          {step !== null && (
            <Button onClick={() => void finish(workStepRoute(step, work.id))}>{t('works.update.continue')}</Button>
          )}
          <Button
            type="primary"
            icon={<CheckOutlined aria-hidden="true" />}
            onClick={() => void finish(WORK_LIST_ROUTE)}
          >
            {t('works.update.done')}
          </Button>
        </div>
      </div>
    </>
  );
}

function StartChange({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const invalidate = useInvalidateWorks();
  const start = () =>
    modal.confirm({
      title: t('works.actions.startChangeConfirm', { title: work.title }),
      content: t('works.actions.startChangeText'),
      okText: t('works.actions.startChange'),
      cancelText: t('works.cancel'),
      onOk: async () => {
        try {
          await runWorkCommand('startChange', work.id);
          invalidate(work.id);
        } catch (error) {
          showApiError(error);
        }
      },
    });
  return (
    <Result
      status="info"
      title={t('works.update.onlineTitle')}
      subTitle={t('works.update.onlineText')}
      extra={
        <Button type="primary" onClick={start}>
          {t('works.actions.startChange')}
        </Button>
      }
    />
  );
}

export default function UpdateMusicPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const detail = useWorkDetail(id);
  const work = detail.data;

  if (id === null) return <Navigate to={WORK_LIST_ROUTE} replace />;
  if (work && work.kind !== 'album') return <Navigate to={workStepRoute(1, work.id)} replace />;

  let body: ReactNode;
  if (detail.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (detail.isError || !work) {
    const notFound = isApiError(detail.error) && detail.error.code === 2100;
    body = (
      <Result
        status={notFound ? '404' : 'warning'}
        title={notFound ? t('works.notFound') : t('works.loadFailed')}
        extra={
          <button type="button" className="link-button link-button--primary" onClick={() => void detail.refetch()}>
            {t('common.retry')}
          </button>
        }
      />
    );
  } else if (isEditable(work.status) || work.status === '400' || work.status === '401') {
    body = <AlbumEditor key={work.id} work={work} />;
  } else if (work.status === '991') {
    body = <StartChange work={work} />;
  } else {
    body = (
      <Result
        status="info"
        title={t('works.locked.title')}
        extra={
          <Link to={WORK_LIST_ROUTE} className="link-button link-button--primary">
            {t('works.list.title')}
          </Link>
        }
      />
    );
  }

  return (
    <div className="shell-width works-page works-page--form">
      <WorkPageHeader title={t('works.update.title')} work={work} />
      {body}
    </div>
  );
}
