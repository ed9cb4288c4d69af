/**
 * Step 1 without a work yet: a single or an album? Choosing opens an empty step 1 of that kind (`?kind=`); nothing
 * is created until the musician's first save (issue 9: opening the publish page used to leave an empty draft).
 * Also used by the entry page's "publish" calls.
 */
import { AppstoreOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import type { ReleaseKind } from '@trackline/contract/work-model';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { newWorkRoute } from '../../lib/routes';

/** Opens an empty step 1 of this kind. */
export function useStartWork() {
  const navigate = useNavigate();
  const start = (kind: ReleaseKind, replace = false) => navigate(newWorkRoute(kind), { replace });
  return { start, busy: null as ReleaseKind | null };
}

export function KindChooser() {
  const { t } = useTranslation();
  const { start } = useStartWork();
  const choices: Array<{ kind: ReleaseKind; icon: React.ReactNode }> = [
    { kind: 'single', icon: <CustomerServiceOutlined /> },
    { kind: 'album', icon: <AppstoreOutlined /> },
  ];
  return (
    <section className="kind-chooser" aria-labelledby="kind-chooser-title">
      <h2 id="kind-chooser-title" className="work-section__title">
        {t('works.kind.choose')}
      </h2>
      <div className="kind-chooser__grid">
        {choices.map(({ kind, icon }) => (
          <button key={kind} type="button" className="kind-chooser__card" onClick={() => void start(kind, true)}>
            <span className="kind-chooser__icon" aria-hidden="true">
              {icon}
            </span>
            <span className="kind-chooser__title">{t(`works.kind.${kind}`)}</span>
            <span className="kind-chooser__text">{t(`works.kind.${kind}Text`)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
