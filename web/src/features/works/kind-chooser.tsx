/**
 * Step 1 without a work yet: a single or an album? Choosing creates the draft at once and the address takes its
 * id (replaced, so Back does not create another). Also used by the entry page's "publish" calls.
 */
import { AppstoreOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import type { ReleaseKind } from '@trackline/contract/work-model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showApiError } from '../../api/client';
import { workStepRoute } from '../../lib/routes';
import { createWork, useInvalidateWorks } from './works-api';

/** Creates a draft of this kind and opens its step 1. */
export function useStartWork() {
  const navigate = useNavigate();
  const invalidate = useInvalidateWorks();
  const [busy, setBusy] = useState<ReleaseKind | null>(null);
  const start = async (kind: ReleaseKind, replace = false) => {
    setBusy(kind);
    try {
      const { id } = await createWork(kind);
      invalidate();
      navigate(workStepRoute(1, id), { replace });
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(null);
    }
  };
  return { start, busy };
}

export function KindChooser() {
  const { t } = useTranslation();
  const { start, busy } = useStartWork();
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
          <button
            key={kind}
            type="button"
            className="kind-chooser__card"
            disabled={busy !== null}
            aria-busy={busy === kind}
            onClick={() => void start(kind, true)}
          >
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
