import { Link } from 'react-router';

interface CategoryTabsProps {
  label: string;
  allLabel: string;
  categories: ReadonlyArray<{ id: number; name: string }>;
  current: number | null;
  /** The link of a category; null is "all". */
  hrefFor: (category: number | null) => string;
}

/** Category filters as links (linkable, middle-clickable); the active one has aria-current. */
export function CategoryTabs({ label, allLabel, categories, current, hrefFor }: CategoryTabsProps) {
  const items = [{ id: null, name: allLabel }, ...categories];
  return (
    <nav className="category-tabs" aria-label={label}>
      <ul className="category-tabs__list">
        {items.map((item) => {
          const active = item.id === current;
          return (
            <li key={item.id ?? 'all'}>
              <Link
                to={hrefFor(item.id)}
                className={active ? 'category-tabs__tab category-tabs__tab--active' : 'category-tabs__tab'}
                aria-current={active ? 'page' : undefined}
                preventScrollReset
              >
                {item.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
