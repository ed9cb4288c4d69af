/**
 * /intelligence-cover (spec §2): the smart cover maker. Pick a work (or type the words), get several proposals at
 * once — different compositions, not only palettes — pick one, refine it with the live preview (background, text
 * position and size by dragging or the arrow keys, font, colour, effect), export, and set it as the work's cover.
 * ?work=<id> opens it for that work.
 */
import { ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { CoverDesign } from '@trackline/contract/covers';
import { Alert, Button, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { CoverEditor } from './cover-editor';
import { propose, usePreview } from './covers-api';
import { useDesignHistory } from './use-design-history';
import { useWorkWords, WorkPicker, type WorkWords } from './work-picker';
import './covers.css';

function ProposalCard(props: {
  design: CoverDesign;
  n: number;
  workId: number | null;
  picked: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation();
  const preview = usePreview(props.design, props.workId, 300);
  return (
    <li>
      <button
        type="button"
        className={`cover-proposal${props.picked ? ' cover-proposal--on' : ''}`}
        aria-pressed={props.picked}
        aria-label={t('covers.propose.pick', { n: String(props.n) })}
        onClick={props.onPick}
        data-testid={`proposal-${props.n}`}
      >
        {preview.data ? (
          <img src={preview.data.image} alt={t('covers.propose.option', { n: String(props.n) })} />
        ) : preview.isError ? (
          <span className="cover-muted">{t('covers.preview.failed')}</span>
        ) : (
          <Skeleton.Image active />
        )}
        <span className="cover-proposal__label">
          {props.picked ? t('covers.propose.picked') : t('covers.propose.option', { n: String(props.n) })}
        </span>
      </button>
    </li>
  );
}

const NO_WORDS: WorkWords = { title: '', artist: '', label: '', genre: '' };

export default function SmartMakerPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const workId = Number(params.get('work')) || null;
  const [words, setWords] = useState<WorkWords>(NO_WORDS);
  const workWords = useWorkWords(workId);
  const [round, setRound] = useState(0);
  const [designs, setDesigns] = useState<CoverDesign[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const history = useDesignHistory();
  const { reset } = history;

  // A different work: start over.
  useEffect(() => {
    void workId;
    setDesigns(null);
    setPicked(null);
    reset(null);
  }, [workId, reset]);

  const canPropose = workId !== null || words.title.trim() !== '';
  const run = async (nextRound: number) => {
    setLoading(true);
    setFailure(null);
    try {
      const input = workId ? { work_id: workId, round: nextRound } : { ...words, round: nextRound };
      const res = await propose(input);
      setDesigns(res.designs);
      setRound(nextRound);
      setPicked(null);
      history.reset(null);
    } catch (error) {
      setFailure(isApiError(error) && error.msg ? error.msg : t('covers.propose.failed'));
    } finally {
      setLoading(false);
    }
  };

  const pick = (i: number) => {
    setPicked(i);
    history.reset(designs![i]!);
  };

  return (
    <main className="cover-page" aria-labelledby="cover-page-title">
      <header className="cover-page__head">
        <h1 id="cover-page-title">{t('covers.smartTitle')}</h1>
        <p className="cover-muted">{t('covers.smartIntro')}</p>
        <Link to={`/intelligence-cover-head${workId ? `?work=${workId}` : ''}`}>{t('covers.switchToManual')}</Link>
      </header>
      <section className="cover-panel" aria-label={t('covers.work.label')}>
        <WorkPicker
          workId={workId}
          onWork={(id) => setParams(id ? { work: String(id) } : {}, { replace: true })}
          words={workId ? (workWords ?? NO_WORDS) : words}
          onWords={setWords}
        />
        <div className="cover-actions">
          <Button
            type="primary"
            icon={<ThunderboltOutlined aria-hidden="true" />}
            disabled={!canPropose}
            loading={loading && round === 0 && !designs}
            onClick={() => run(0)}
            data-testid="propose"
          >
            {t('covers.propose.run')}
          </Button>
          {designs && (
            <Button icon={<ReloadOutlined aria-hidden="true" />} loading={loading} onClick={() => run(round + 1)}>
              {t('covers.propose.more')}
            </Button>
          )}
        </div>
      </section>
      <div aria-live="polite">
        {loading && !designs && <p className="cover-muted">{t('covers.propose.loading')}</p>}
        {failure && <Alert type="error" showIcon message={failure} />}
        {!designs && !loading && !failure && <p className="cover-muted">{t('covers.propose.empty')}</p>}
        {designs?.length === 0 && (
          <Alert type="info" showIcon message={t('covers.propose.none')} data-testid="proposals-none" />
        )}
      </div>
      {designs && (
        <ul className="cover-proposals" aria-label={t('covers.propose.listLabel')}>
          {designs.map((d, i) => (
            <ProposalCard
              key={`${round}-${d.layout}`}
              design={d}
              n={i + 1}
              workId={workId}
              picked={picked === i}
              onPick={() => pick(i)}
            />
          ))}
        </ul>
      )}
      {history.design && (
        <CoverEditor
          history={history}
          workId={workId}
          workTitle={history.design.meta.title}
          initialSelection={history.design.layers.find((l) => l.type === 'text')?.id ?? null}
        />
      )}
    </main>
  );
}
