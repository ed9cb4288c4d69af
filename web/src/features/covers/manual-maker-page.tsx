/**
 * /intelligence-cover-head (spec §2): the manual cover maker. A square canvas with the musician's own photo (cropped
 * square, warned before it is enlarged past its resolution), text layers for the work's title, artist and label,
 * simple shapes, layer order, undo and redo, keyboard nudging; the design is kept as a document and reopened with
 * ?design=<id>. The preview is the server's render; the export is checked like the smart maker's.
 */
import type { CoverDesign } from '@trackline/contract/covers';
import { Alert, Button, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { CoverEditor } from './cover-editor';
import { openDesign, useBackgrounds } from './covers-api';
import { PhotoPanel } from './photo-panel';
import { SavedDesigns } from './saved-designs';
import { useDesignHistory } from './use-design-history';
import { useWorkWords, WorkPicker, type WorkWords } from './work-picker';
import './covers.css';

const NO_WORDS: WorkWords = { title: '', artist: '', label: '', genre: '' };

export default function ManualMakerPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const workId = Number(params.get('work')) || null;
  const designParam = Number(params.get('design')) || null;
  const backgrounds = useBackgrounds();
  const history = useDesignHistory();
  const [typed, setTyped] = useState<WorkWords>(NO_WORDS);
  const workWords = useWorkWords(workId);
  const [designId, setDesignId] = useState<number | null>(designParam);
  const [openFailed, setOpenFailed] = useState<string | null>(null);

  const firstBackground = backgrounds.data?.categories[0]?.backgrounds[0]?.id ?? null;
  // No background offered at all (content staff retired every one): a blank canvas cannot start.
  const noBackground = backgrounds.isSuccess && firstBackground === null && !designParam;

  // A blank canvas on the first background, unless a saved design is being opened.
  useEffect(() => {
    if (history.design || designParam || firstBackground === null) return;
    history.reset({ version: 1, background: { id: firstBackground }, meta: NO_WORDS, layers: [] });
  }, [history.design, history.reset, designParam, firstBackground]);

  useEffect(() => {
    if (!designParam) return;
    let live = true;
    openDesign(designParam)
      .then((saved) => {
        if (!live) return;
        history.reset(saved.design);
        setDesignId(saved.id);
        if (saved.work_id && saved.work_id !== workId)
          setParams({ work: String(saved.work_id), design: String(saved.id) });
      })
      .catch(
        (error) => live && setOpenFailed(isApiError(error) && error.msg ? error.msg : t('covers.design.loadFailed')),
      );
    return () => {
      live = false;
    };
  }, [designParam, history.reset, setParams, t, workId]);

  // The words on the art: the work's when there is one, else those typed here.
  const words = workId ? workWords : typed;
  const design = history.design;
  useEffect(() => {
    if (!design || !words) return;
    const meta = { title: words.title, artist: words.artist, label: words.label };
    if (JSON.stringify(meta) !== JSON.stringify(design.meta)) history.preview({ ...design, meta });
  }, [design, words, history.preview]);

  const setWork = (id: number | null) => {
    const next: Record<string, string> = {};
    if (id) next.work = String(id);
    if (designId) next.design = String(designId);
    setParams(next, { replace: true });
  };

  return (
    <main className="cover-page" aria-labelledby="cover-page-title">
      <header className="cover-page__head">
        <h1 id="cover-page-title">{t('covers.manualTitle')}</h1>
        <p className="cover-muted">{t('covers.manualIntro')}</p>
        <Link to={`/intelligence-cover${workId ? `?work=${workId}` : ''}`}>{t('covers.switchToSmart')}</Link>
      </header>
      <section className="cover-panel" aria-label={t('covers.work.label')}>
        <WorkPicker workId={workId} onWork={setWork} words={words ?? NO_WORDS} onWords={setTyped} />
      </section>
      {openFailed && <Alert type="error" showIcon message={openFailed} />}
      {backgrounds.isError && (
        <Alert
          type="error"
          showIcon
          message={t('covers.background.failed')}
          action={<Button onClick={() => backgrounds.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {noBackground && !design && (
        <Alert type="info" showIcon message={t('covers.background.empty')} data-testid="backgrounds-empty" />
      )}
      {!design && !backgrounds.isError && !openFailed && !noBackground && <Skeleton active />}
      {design && (
        <CoverEditor
          history={history}
          workId={workId}
          workTitle={design.meta.title}
          withLayers
          extra={
            <>
              <PhotoPanel design={design} onChange={history.change} />
              <SavedDesigns
                design={design as CoverDesign}
                designId={designId}
                workId={workId}
                onSaved={setDesignId}
                onOpen={(id) =>
                  setParams(workId ? { work: String(workId), design: String(id) } : { design: String(id) })
                }
              />
            </>
          }
        />
      )}
    </main>
  );
}
