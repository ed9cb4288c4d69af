/**
 * The console's list page: a header with its primary "new" action, then the table in a card with its
 * loading, empty and failed states. Staff and sites use it; later sections will too.
 */
import { PlusOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Empty, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { LoadFailed } from './load-failed';
import { PageHeader } from './page-header';

interface ListPageProps<Row> {
  title: string;
  createLabel: string;
  onCreate: () => void;
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
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={onCreate}>
            {createLabel}
          </Button>
        }
      />
      <Card>
        {list.isError ? (
          <LoadFailed onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <Table<Row>
            rowKey="id"
            columns={columns}
            dataSource={list.data}
            loading={list.isPending}
            pagination={pagination}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
          />
        )}
      </Card>
    </>
  );
}
