/** /system-message: the user's system messages, all or unread, paged; opening one marks it read. */
import { Button, Pagination, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton } from '../content/content-states';
import { MessageListItem } from './message-list-item';
import { MESSAGE_PAGE_SIZE, useMessageList, useReadAllMessages, useReadMessage } from './messages-api';
import { useUnreadCount } from './use-unread-count';
import './system-message.css';

type Tab = 'all' | 'unread';

export default function SystemMessagePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<number | null>(null);
  const messages = useMessageList({ page, unreadOnly: tab === 'unread' });
  const readOne = useReadMessage();
  const readAll = useReadAllMessages();
  const unread = useUnreadCount();
  const data = messages.data;

  const toggle = (id: number, isUnread: boolean) => {
    setExpanded((current) => (current === id ? null : id));
    if (isUnread) readOne.mutate(id);
  };

  const changeTab = (key: string) => {
    setTab(key as Tab);
    setPage(1);
    setExpanded(null);
  };

  let body: ReactNode;
  if (messages.isPending) body = <ListSkeleton rows={4} />;
  else if (messages.isError && !data) body = <ErrorState onRetry={() => void messages.refetch()} />;
  else if (!data || data.list.length === 0) body = <EmptyState text={t('messages.empty')} />;
  else
    body = (
      <>
        <ul
          className={messages.isPlaceholderData ? 'message-list list-fetching' : 'message-list'}
          aria-busy={messages.isFetching}
        >
          {data.list.map((item) => (
            <MessageListItem
              key={item.id}
              message={item}
              expanded={expanded === item.id}
              onToggle={() => toggle(item.id, item.read === 0)}
            />
          ))}
        </ul>
        {data.total > MESSAGE_PAGE_SIZE && (
          <nav className="list-pager" aria-label={t('content.pagination')}>
            <Pagination
              current={page}
              pageSize={MESSAGE_PAGE_SIZE}
              total={data.total}
              showSizeChanger={false}
              onChange={(next) => {
                setPage(next);
                setExpanded(null);
              }}
            />
          </nav>
        )}
      </>
    );

  return (
    <div className="shell-width system-message-page">
      <div className="system-message-page__header">
        <h1 className="system-message-page__title">{t('messages.title')}</h1>
        <Button onClick={() => readAll.mutate()} loading={readAll.isPending} disabled={unread === 0}>
          {t('messages.readAll')}
        </Button>
      </div>
      <Tabs
        activeKey={tab}
        onChange={changeTab}
        items={[
          { key: 'all', label: t('messages.tabAll') },
          { key: 'unread', label: t('messages.tabUnread') },
        ]}
      />
      {body}
    </div>
  );
}
