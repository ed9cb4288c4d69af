import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';

interface ListPagerProps {
  page: number;
  limit: number;
  total: number;
  onChange: (page: number) => void;
}

/** The pager under a list; hidden when everything fits on one page. */
export function ListPager({ page, limit, total, onChange }: ListPagerProps) {
  const { t } = useTranslation();
  if (total <= limit) return null;
  return (
    <nav className="list-pager" aria-label={t('content.pagination')}>
      <Pagination current={page} pageSize={limit} total={total} showSizeChanger={false} onChange={onChange} />
    </nav>
  );
}
