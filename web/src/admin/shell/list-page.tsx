/**
 * The console's list page: a header with its primary "new" action (when the section has one), then the table
 * in a card with its loading, empty and failed states, below an optional toolbar (filters). Staff and sites use
 * it; later sections will too.
 */
import { PlusOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Empty, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import { LoadFailed } from './load-failed';
import { PageHeader } from './page-header';

interface ListPageProps<Row> {
  title: string;
  /** The header's "new" button; a section without one (read and act only) leaves both out. */
  createLabel?: string;
  onCreate?: () => void;
  /** Above the table, inside the card: filters. It stays while the list is failing, so a filter can be changed. */
  toolbar?: ReactNode;
  emptyText: string;
  columns: TableColumnsType<Row>;
  list: UseQueryResult<Row[]>;
  /** Server-side paging (current page, total, onChange); by default the rows are paged here, 20 at a time. */
  pagination?: TablePaginationConfig;
}

export function ListPage<Row extends { id: number }>({
  title,
  createLabel,
  onCreate,
  toolbar,
  emptyText,
  columns,
  list,
  pagination = { pageSize: 20, hideOnSinglePage: true },
}: ListPageProps<Row>) {
  return (
    <>
      <PageHeader
        title={title}
        extra={
          createLabel &&
          onCreate && (
            <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={onCreate}>
              {createLabel}
            </Button>
          )
        }
      />
      <Card>
        {toolbar && <div className="admin-list-toolbar">{toolbar}</div>}
        {list.isError ? (
          <LoadFailed onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <Table<Row>
            rowKey="id"
            columns={columns}
            dataSource={list.data}
            // Also while a new page or filter loads with the previous rows still shown (keepPreviousData).
            loading={list.isPending || list.isPlaceholderData}
            pagination={pagination}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
          />
        )}
      </Card>
    </>
  );
}
