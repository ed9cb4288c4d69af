/** Searchable, categorised questions and answers (webQuestion); keyword, category and page are in the URL. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryTabs } from './category-tabs';
import { EmptyState, ErrorState, ListSkeleton } from './content-states';
import { ListPager } from './list-pager';
import { useQuestions } from './question-api';
import { QuestionList } from './question-list';
import { SearchBox } from './search-box';
import { useListParams } from './use-list-params';

const QA_PAGE_SIZE = 10;

export function QaSection({ title }: { title: string }) {
  const { t } = useTranslation();
  const { page, category, keyword, hrefWith, goToPage, setParams } = useListParams();
  const questions = useQuestions({
    page,
    limit: QA_PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(category ? { category } : {}),
  });
  const data = questions.data;

  const search = (next: string) => {
    const href = hrefWith({ keyword: next || null });
    setParams(new URLSearchParams(href.split('?')[1] ?? ''));
  };

  let body: ReactNode;
  if (questions.isPending) body = <ListSkeleton rows={5} />;
  else if (questions.isError && !data) body = <ErrorState onRetry={() => void questions.refetch()} />;
  else if (!data || data.list.length === 0) body = <EmptyState text={keyword ? t('qa.noResults') : undefined} />;
  else
    body = (
      <>
        <QuestionList questions={data.list} busy={questions.isPlaceholderData} />
        <ListPager page={page} limit={QA_PAGE_SIZE} total={data.total} onChange={goToPage} />
      </>
    );

  return (
    <section className="qa-section" aria-labelledby="qa-section-title">
      <SearchBox
        label={t('qa.searchLabel')}
        placeholder={t('qa.searchPlaceholder')}
        buttonText={t('qa.searchButton')}
        defaultValue={keyword}
        onSearch={search}
      />
      <div className="qa-section__head">
        <h2 id="qa-section-title" className="qa-section__title" aria-live="polite">
          {keyword && data ? t('qa.resultsFor', { keyword, count: data.total }) : title}
        </h2>
        {keyword && (
          <Link to={hrefWith({ keyword: null })} className="qa-section__clear">
            {t('qa.clear')}
          </Link>
        )}
      </div>
      {data && data.categories.length > 0 && (
        <CategoryTabs
          label={t('content.categories')}
          allLabel={t('content.all')}
          categories={data.categories}
          current={category}
          hrefFor={(id) => hrefWith({ category: id })}
        />
      )}
      {body}
    </section>
  );
}
