/**
 * /work-publish/entry: where a musician lands after login. Until the publishing steps exist (a later
 * issue) it is the account summary and shortcuts to the places that will hold the work.
 */
import { AccountBookOutlined, AppstoreOutlined, CloudUploadOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { zhCN } from '../../i18n/zh-cn';
import { AccountSummary } from '../account/account-summary';
import { useUserInfo } from '../account/use-user-info';
import './publish-entry.css';

type EntryKey = keyof typeof zhCN.entry;

const SHORTCUTS: Array<{ to: string; title: EntryKey; text: EntryKey; icon: ReactNode }> = [
  { to: '/work-publish/step/step-1', title: 'publishSong', text: 'publishSongText', icon: <CloudUploadOutlined /> },
  { to: '/work-management/list', title: 'manageWorks', text: 'manageWorksText', icon: <AppstoreOutlined /> },
  { to: '/person-center/income-bill', title: 'incomeBill', text: 'incomeBillText', icon: <AccountBookOutlined /> },
  { to: '/gongdan/list', title: 'workOrders', text: 'workOrdersText', icon: <CustomerServiceOutlined /> },
];

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
