/**
 * What a musician may do with a work in its status (work-status.ts: allowedActions, resumeStep, EDITABLE and
 * DELETABLE statuses) — the same rules the server enforces, so no button leads to a refusal: continue at the right
 * step, edit an album's tracks, fix a rejected work (reopen), withdraw from review, start or discard a change to an
 * online work, delete a draft, add materials, download the signed letter, read the history. Destructive or
 * status-changing actions ask first.
 */
import type { ReleaseKind, WorkListItem } from '@trackline/contract/work-model';
import {
  allowedActions,
  DELETABLE_STATUSES,
  isEditable,
  resumeStep,
  type WorkStatus,
} from '@trackline/contract/work-status';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showApiError } from '../../api/client';
import { addMaterialRoute, updateMusicRoute, workStepRoute } from '../../lib/routes';
import { authorizationPdfUrl, runWorkCommand, useInvalidateWorks, type WorkCommand } from './works-api';

/** Statuses in which the work has a signed authorization letter. */
const SIGNED: readonly WorkStatus[] = ['200', '201', '300', '301', '400', '401', '990', '991', '992'];
const UNDER_REVIEW: readonly WorkStatus[] = ['200', '201', '300', '301'];

/** Where "edit" opens: an album's track editor, or step 1. */
export function editRoute(id: number, kind: ReleaseKind): string {
  return kind === 'album' ? updateMusicRoute(id) : workStepRoute(1, id);
}

interface WorkActionsProps {
  work: Pick<WorkListItem, 'id' | 'kind' | 'status' | 'title'>;
  onHistory: () => void;
  /** Opens the work's stores (delivery, issue 13): for works approved for release. */
  onStores?: () => void;
}

/** Statuses in which the work has gone, or is going, to its stores. */
const DISTRIBUTED: readonly WorkStatus[] = ['990', '991', '992'];

export function WorkActions({ work, onHistory, onStores }: WorkActionsProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidateWorks();
  const actions = allowedActions(work.status, 'user');
  const resume = resumeStep(work.status);
  const name = work.title.trim() || t('works.untitled');

  const run = (command: WorkCommand, then?: () => void) => async () => {
    try {
      await runWorkCommand(command, work.id);
      invalidate(work.id);
      void message.success(t(`works.actions.${command}Done`));
      then?.();
    } catch (error) {
      showApiError(error);
    }
  };

  const confirm = (command: WorkCommand, danger: boolean, then?: () => void) => () =>
    modal.confirm({
      title: t(`works.actions.${command}Confirm`, { title: name }),
      content: t(`works.actions.${command}Text`),
      okText: t(`works.actions.${command}`),
      okButtonProps: { danger },
      cancelText: t('works.cancel'),
      onOk: run(command, then),
    });

  return (
    <div className="work-actions" data-testid="work-actions">
      {resume !== null && (
        <Link to={workStepRoute(resume, work.id)} className="work-actions__link work-actions__link--primary">
          {t('works.actions.continue')}
        </Link>
      )}
      {work.kind === 'album' && isEditable(work.status) && (
        <Link to={updateMusicRoute(work.id)} className="work-actions__link">
          {t('works.actions.edit')}
        </Link>
      )}
      {actions.includes('reopen') && (
        <button
          type="button"
          className="work-actions__link work-actions__link--primary"
          onClick={confirm('reopen', false, () => navigate(workStepRoute(1, work.id)))}
        >
          {t('works.actions.reopen')}
        </button>
      )}
      {actions.includes('withdraw') && (
        <button type="button" className="work-actions__link" onClick={confirm('withdraw', false)}>
          {t('works.actions.withdraw')}
        </button>
      )}
      {actions.includes('start_change') && (
        <button
          type="button"
          className="work-actions__link"
          onClick={confirm('startChange', false, () => navigate(editRoute(work.id, work.kind)))}
        >
          {t('works.actions.startChange')}
        </button>
      )}
      {actions.includes('discard_change') && (
        <button
          type="button"
          className="work-actions__link work-actions__link--danger"
          onClick={confirm('discardChange', true)}
        >
          {t('works.actions.discardChange')}
        </button>
      )}
      {!UNDER_REVIEW.includes(work.status) && work.status !== '990' && (
        <Link to={addMaterialRoute(work.id)} className="work-actions__link">
          {t('works.actions.addMaterial')}
        </Link>
      )}
      {SIGNED.includes(work.status) && (
        <a className="work-actions__link" href={authorizationPdfUrl(work.id)} target="_blank" rel="noopener noreferrer">
          {t('works.actions.pdf')}
        </a>
      )}
      {onStores && DISTRIBUTED.includes(work.status) && (
        <button
          type="button"
          className="work-actions__link work-actions__link--primary"
          onClick={onStores}
          data-testid="work-stores"
        >
          {t('distribution.open')}
        </button>
      )}
      <button type="button" className="work-actions__link" onClick={onHistory}>
        {t('works.actions.history')}
      </button>
      {DELETABLE_STATUSES.includes(work.status) && (
        <button
          type="button"
          className="work-actions__link work-actions__link--danger"
          onClick={confirm('remove', true)}
        >
          {t('works.actions.remove')}
        </button>
      )}
    </div>
  );
}
