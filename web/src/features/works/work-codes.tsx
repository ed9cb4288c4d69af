/**
 * A work's codes as the stores know it: the release's UPC and each track's ISRC, shown as soon as approval assigns
 * them, each copyable with one click (a musician pastes them into store pitches and royalty forms). Nothing is
 * shown before any code exists.
 */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function WorkCodes({ upc, isrcs, className }: { upc: string | null; isrcs: string[]; className?: string }) {
  const { t } = useTranslation();
  if (!upc && isrcs.length === 0) return null;
  const copyable = (text: string) => ({ text, tooltips: [t('works.codes.copy'), t('works.codes.copied')] });
  return (
    <dl className={`work-codes ${className ?? ''}`} aria-label={t('works.codes.label')}>
      {upc && (
        <div className="work-codes__item">
          <dt>{t('works.codes.upc')}</dt>
          <dd>
            <Typography.Text code copyable={copyable(upc)}>
              {upc}
            </Typography.Text>
          </dd>
        </div>
      )}
      {isrcs.map((isrc, i) => (
        <div className="work-codes__item" key={isrc}>
          <dt>{isrcs.length > 1 ? `${t('works.codes.isrc')} ${i + 1}` : t('works.codes.isrc')}</dt>
          <dd>
            <Typography.Text code copyable={copyable(isrc)}>
              {isrc}
            </Typography.Text>
          </dd>
        </div>
      ))}
    </dl>
  );
}
