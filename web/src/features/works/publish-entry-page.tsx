/**
 * /work-publish/entry: the musician's home. The account at a glance, then the works: counts by §4 status group
 * (each opens the list filtered to it), drafts to finish (continue at the right step), rejected works to fix (with
 * the editor's reason) and the latest works. With no work yet, a big call to publish a first song or album.
 */
import {
  AccountBookOutlined,
  AppstoreOutlined,
  CloudUploadOutlined,
  CustomerServiceOutlined,
  FileTextOutlined,
} from '@ant-design/icons';
import type { WorkListItem } from '@trackline/contract/work-model';
import { STATUS_GROUP_LABELS, STATUS_GROUPS } from '@trackline/contract/work-status';
import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { zhCN } from '../../i18n/zh-cn';
import { formatDate } from '../../lib/format';
import { WORK_LIST_ROUTE, WORKORDER_LIST_ROUTE, workStepRoute } from '../../lib/routes';
import { AccountSummary } from '../account/account-summary';
import { useUserInfo } from '../account/use-user-info';
import { useStartWork } from './kind-chooser';
import { workResumeStep } from './use-work-step';
import { WorkCover } from './work-cover';
import { useWorkLabels } from './work-labels';
import { WorkStatusTag } from './work-status-tag';
import { useIndexData } from './works-api';
import './publish-entry.css';
import './works.css';

type EntryKey = keyof typeof zhCN.entry;

const SHORTCUTS: Array<{ to: string; title: EntryKey; text: EntryKey; icon: ReactNode }> = [
  { to: WORK_LIST_ROUTE, title: 'manageWorks', text: 'manageWorksText', icon: <AppstoreOutlined /> },
  { to: '/person-center/income-bill', title: 'incomeBill', text: 'incomeBillText', icon: <AccountBookOutlined /> },
  { to: WORKORDER_LIST_ROUTE, title: 'workOrders', text: 'workOrdersText', icon: <FileTextOutlined /> },
];

function PublishButtons({ large }: { large?: boolean }) {
  const { t } = useTranslation();
  const { start, busy } = useStartWork();
  return (
    <div className="entry-publish__buttons">
      <Button
        type="primary"
        size={large ? 'large' : 'middle'}
        icon={<CloudUploadOutlined aria-hidden="true" />}
        loading={busy === 'single'}
        disabled={busy !== null}
        onClick={() => void start('single')}
      >
        {t('works.entry.publishSingle')}
      </Button>
      <Button
        size={large ? 'large' : 'middle'}
        icon={<CustomerServiceOutlined aria-hidden="true" />}
        loading={busy === 'album'}
        disabled={busy !== null}
        onClick={() => void start('album')}
      >
        {t('works.entry.publishAlbum')}
      </Button>
    </div>
  );
}

function WorkLine({ work, action }: { work: WorkListItem; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className="entry-work">
      <WorkCover url={work.cover_url} size={44} />
      <div className="entry-work__text">
        <span className="entry-work__title">{work.title.trim() || t('works.untitled')}</span>
        <span className="entry-work__meta">
          {t(`works.kind.${work.kind}`)} · {formatDate(work.updated_at)}
        </span>
        <WorkStatusTag status={work.status} remark={work.remark} rejectReason={work.reject_reason} showReason />
      </div>
      {action}
    </li>
  );
}

function ContinueLink({ work, fix }: { work: WorkListItem; fix?: boolean }) {
  const { t } = useTranslation();
  const step = workResumeStep(work.status);
  if (step === null) return null;
  return (
    <Link to={workStepRoute(step, work.id)} className="link-button link-button--primary entry-work__action">
      {fix ? t('works.actions.fix') : t('works.actions.continue')}
    </Link>
  );
}

function WorksOverview() {
  const { t } = useTranslation();
  const { pick } = useWorkLabels();
  const index = useIndexData();

  if (index.isPending) {
    return (
      <div className="entry-works" aria-busy="true">
        <Skeleton active paragraph={{ rows: 5 }} />
      </div>
    );
  }
  if (index.isError) {
    return (
      <Result
        status="warning"
        title={t('works.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void index.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const { counts, drafts, rejected, recent } = index.data;
  const total = STATUS_GROUPS.reduce((sum, g) => sum + (counts[g] ?? 0), 0);

  if (total === 0) {
    return (
      <section className="entry-empty" aria-labelledby="entry-empty-title">
        <CloudUploadOutlined className="entry-empty__icon" aria-hidden="true" />
        <h2 id="entry-empty-title" className="entry-empty__title">
          {t('works.entry.emptyTitle')}
        </h2>
        <p className="entry-empty__text">{t('works.entry.emptyText')}</p>
        <PublishButtons large />
      </section>
    );
  }

  return (
    <div className="entry-works">
      <section aria-labelledby="entry-counts-title" className="entry-block">
        <div className="entry-block__head">
          <h2 id="entry-counts-title" className="publish-entry__heading">
            {t('works.entry.myWorks')}
          </h2>
          <PublishButtons />
        </div>
        <ul className="entry-counts">
          {STATUS_GROUPS.map((group) => (
            <li key={group}>
              <Link to={`${WORK_LIST_ROUTE}?group=${group}`} className={`entry-count entry-count--${group}`}>
                <span className="entry-count__number">{counts[group] ?? 0}</span>
                <span className="entry-count__label">{pick(STATUS_GROUP_LABELS[group])}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="entry-columns">
        <section aria-labelledby="entry-drafts-title" className="entry-block works-card">
          <h2 id="entry-drafts-title" className="publish-entry__heading">
            {t('works.entry.drafts')}
          </h2>
          {drafts.length === 0 ? (
            <p className="entry-none">{t('works.entry.noDrafts')}</p>
          ) : (
            <ul className="entry-work-list">
              {drafts.map((work) => (
                <WorkLine key={work.id} work={work} action={<ContinueLink work={work} />} />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="entry-rejected-title" className="entry-block works-card">
          <h2 id="entry-rejected-title" className="publish-entry__heading">
            {t('works.entry.rejected')}
          </h2>
          {rejected.length === 0 ? (
            <p className="entry-none">{t('works.entry.noRejected')}</p>
          ) : (
            <ul className="entry-work-list">
              {rejected.map((work) => (
                <WorkLine key={work.id} work={work} action={<ContinueLink work={work} fix />} />
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="entry-recent-title" className="entry-block works-card">
        <div className="entry-block__head">
          <h2 id="entry-recent-title" className="publish-entry__heading">
            {t('works.entry.recent')}
          </h2>
          <Link to={WORK_LIST_ROUTE}>{t('works.entry.all')}</Link>
        </div>
        <ul className="entry-work-list">
          {recent.map((work) => (
            <WorkLine key={work.id} work={work} />
          ))}
        </ul>
      </section>
    </div>
  );
}

export default function PublishEntryPage() {
  const { t } = useTranslation();
  const { data: user, isError, refetch, isFetching } = useUserInfo();

  return (
    <div className="shell-width publish-entry">
      {user ? (
        <AccountSummary user={user} />
      ) : isError ? (
        <Result
          status="warning"
          title={t('entry.loadFailed')}
          extra={
            <Button type="primary" loading={isFetching} onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <div className="account-summary" aria-busy="true">
          <Skeleton avatar active paragraph={{ rows: 4 }} />
        </div>
      )}

      <WorksOverview />

      <section className="publish-entry__shortcuts" aria-labelledby="publish-entry-shortcuts">
        <h2 id="publish-entry-shortcuts" className="publish-entry__heading">
          {t('entry.quickActions')}
        </h2>
        <ul className="publish-entry__grid">
          {SHORTCUTS.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="publish-entry__card">
                <span className="publish-entry__icon" aria-hidden="true">
                  {item.icon}
                </span>
                <span className="publish-entry__card-title">{t(`entry.${item.title}`)}</span>
                <span className="publish-entry__card-text">{t(`entry.${item.text}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
