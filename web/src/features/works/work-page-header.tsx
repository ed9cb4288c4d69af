/** The header of the pages that work on one existing work (update-music, add-material): what, which work, a way back. */
import type { WorkDetail } from '@trackline/contract/work-model';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WORK_LIST_ROUTE } from '../../lib/routes';
import { WorkCodes } from './work-codes';
import { WorkStatusTag } from './work-status-tag';

export function WorkPageHeader({ title, work }: { title: string; work: WorkDetail | undefined }) {
  const { t } = useTranslation();
  return (
    <header className="works-page__header">
      <div>
        <h1 className="works-page__title">{title}</h1>
        {work && (
          <p className="works-page__intro">
            {work.title.trim() || t('works.untitled')} <WorkStatusTag status={work.status} remark={work.remark} />
          </p>
        )}
        {work && <WorkCodes upc={work.upc} isrcs={work.tracks.flatMap((track) => (track.isrc ? [track.isrc] : []))} />}
      </div>
      <Link to={WORK_LIST_ROUTE} className="link-button">
        {t('works.list.title')}
      </Link>
    </header>
  );
}
