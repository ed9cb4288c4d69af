import { formatDate } from '@trackline/contract/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton } from './content-states';
import { useVersions } from './download-api';

const PLATFORM_LABEL_KEYS = { ios: 'ios', android: 'android', win32: 'windows', mac: 'mac' } as const;

/** The release notes of every app version (getversion), newest first as the server sends them. */
export function VersionHistory() {
  const { t } = useTranslation();
  const versions = useVersions();

  let body: ReactNode;
  if (versions.isPending) body = <ListSkeleton rows={3} />;
  else if (versions.isError) body = <ErrorState onRetry={() => void versions.refetch()} />;
  else if (versions.data.length === 0) body = <EmptyState />;
  else
    body = (
      <ol className="version-list">
        {versions.data.map((version) => (
          <li key={version.id} className="version-list__item">
            <h3 className="version-list__title">
              <span className="content-badge">{t(`download.${PLATFORM_LABEL_KEYS[version.platform]}`)}</span>
              <span>v{version.version}</span>
            </h3>
            <p className="content-meta">
              <time dateTime={version.released_at}>
                {t('download.releasedAt', { date: formatDate(version.released_at) })}
              </time>
            </p>
            {version.notes && <p className="version-list__notes">{version.notes}</p>}
          </li>
        ))}
      </ol>
    );

  return (
    <section className="content-card" aria-labelledby="download-versions">
      <h2 id="download-versions" className="content-card__title">
        {t('download.versionsTitle')}
      </h2>
      {body}
    </section>
  );
}
