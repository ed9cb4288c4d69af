/** The backgrounds of bglist by category, as thumbnails; the chosen one is marked. */
import { Alert, Button, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBackgrounds } from './covers-api';

export function BackgroundPicker({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  const list = useBackgrounds();
  if (list.isPending) return <Skeleton active paragraph={{ rows: 2 }} aria-label={t('covers.background.loading')} />;
  if (list.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={t('covers.background.failed')}
        action={<Button onClick={() => list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  // Content staff may have retired every background: say so rather than show an empty panel.
  if (list.data.categories.length === 0)
    return <Alert type="info" showIcon message={t('covers.background.empty')} data-testid="backgrounds-empty" />;
  return (
    <section className="cover-panel" aria-labelledby="cover-bg-title">
      <h3 id="cover-bg-title" className="cover-panel__title">
        {t('covers.background.title')}
      </h3>
      <Tabs
        size="small"
        items={list.data.categories.map((c) => ({
          key: c.category,
          label: c.name,
          children: (
            <ul className="cover-backgrounds">
              {c.backgrounds.map((bg) => (
                <li key={bg.id}>
                  <button
                    type="button"
                    className={`cover-backgrounds__item${bg.id === value ? ' cover-backgrounds__item--on' : ''}`}
                    aria-pressed={bg.id === value}
                    aria-label={t('covers.background.choose', { name: bg.name })}
                    onClick={() => onChange(bg.id)}
                    data-testid={`bg-${bg.id}`}
                  >
                    <img src={bg.thumb} alt="" loading="lazy" width={72} height={72} />
                    <span>{bg.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          ),
        }))}
      />
    </section>
  );
}
