/**
 * /work-publish/step/step-1: the work's information and files. Without ?id= the musician first chooses a single or
 * an album (`?kind=`): the page is then a work of that kind that does not exist yet — its first save creates the
 * draft (issue 9) and the address takes the new id, replaced, with the same editor kept on the page. Everything saves
 * as it is typed; "Next" saves and, once the server finds the information complete
 * (status 00 → 10), goes to step 2 — otherwise it lists what is missing or wrong (pre-review, kept up to date with
 * every later save) and marks the fields.
 */
import { ArrowRightOutlined } from '@ant-design/icons';
import { errorCatalogue } from '@trackline/contract/errors';
import { RELEASE_KINDS, type ReleaseKind, type WorkDetail } from '@trackline/contract/work-model';
import { Alert, Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { workStepRoute } from '../../lib/routes';
import { CoverField } from './cover-field';
import { fileIssuesOf, type InfoDraft, mergeIssues } from './info-draft';
import { KindChooser } from './kind-chooser';
import { PrereviewList } from './prereview-list';
import { StepFrame, StepGate } from './publish-shell';
import { ReleaseFields } from './release-fields';
import { RightsFields } from './rights-fields';
import { SaveIndicator } from './save-indicator';
import { TrackListEditor } from './track-list-editor';
import { useInfoEditor } from './use-info-editor';
import { workResumeStep } from './use-work-step';
import { useWorkLabels } from './work-labels';
import { usePrereview } from './works-api';
import './works.css';

interface EditorProps {
  /** The saved work; null for a new one of `kind`, created by its first save (then `onCreated`). */
  work: WorkDetail | null;
  kind?: ReleaseKind;
  onCreated?: (id: number) => void;
}

function Step1Editor({ work, kind, onCreated }: EditorProps) {
  const { t } = useTranslation();
  const { pick } = useWorkLabels();
  const navigate = useNavigate();
  const { draft, update, autosave, saved, savedRef, saveError, saveNow } = useInfoEditor(work, { kind, onCreated });
  const [checked, setChecked] = useState(false);
  const [going, setGoing] = useState(false);
  const prereview = usePrereview(checked && saved ? saved.id : null);
  const problems = useRef<HTMLElement>(null);
  const issues = prereview.data?.issues ?? [];

  const patch = (change: Partial<InfoDraft>) => update((d) => ({ ...d, ...change }));

  const next = async () => {
    setGoing(true);
    try {
      if (!(await saveNow()) || !savedRef.current) return;
      const resume = workResumeStep(savedRef.current.status);
      if (resume !== null && resume >= 2) {
        navigate(workStepRoute(2, savedRef.current.id), { state: { back: true } });
        return;
      }
      setChecked(true);
      await prereview.refetch();
      requestAnimationFrame(() => problems.current?.focus());
    } finally {
      setGoing(false);
    }
  };

  return (
    <StepFrame step={1} work={saved ?? undefined} kind={draft.kind}>
      {checked && (
        <section
          ref={problems}
          tabIndex={-1}
          className="works-card works-problems"
          aria-labelledby="step1-problems-title"
          data-testid="step1-problems"
        >
          <h2 id="step1-problems-title" className="work-section__title">
            {t('works.prereview.beforeNext')}
          </h2>
          {prereview.isError ? (
            <p className="rule-issue rule-issue--error">{t('works.prereview.loadFailed')}</p>
          ) : issues.length > 0 ? (
            <PrereviewList issues={issues} />
          ) : (
            prereview.data && <p>{pick(errorCatalogue.WORK_INCOMPLETE)}</p>
          )}
        </section>
      )}
      <ReleaseFields draft={draft} onChange={patch} showRequired={checked} />
      <RightsFields draft={draft} onChange={patch} showRequired={checked} />
      <CoverField
        value={draft.cover}
        onChange={(cover) => patch({ cover })}
        showRequired={checked}
        serverIssues={issues.filter((i) => i.field === 'cover' || i.field.startsWith('cover.'))}
      />
      <TrackListEditor
        tracks={draft.tracks}
        single={draft.kind === 'single'}
        original={draft.property === 1}
        releaseLanguage={draft.language}
        showRequired={checked}
        serverIssues={mergeIssues(issues, fileIssuesOf(saved, draft))}
        onChange={(change) => update((d) => ({ ...d, tracks: change(d.tracks) }))}
      />
      <div className="works-actionbar">
        <div className="works-actionbar__status">
          <SaveIndicator autosave={autosave} />
          {saveError && autosave.status === 'error' && (
            <Alert type="error" showIcon message={saveError} className="works-actionbar__error" />
          )}
        </div>
        <Button
          type="primary"
          size="large"
          loading={going}
          onClick={() => void next()}
          icon={<ArrowRightOutlined aria-hidden="true" />}
          iconPosition="end"
        >
          {t('works.steps.next')}
        </Button>
      </div>
    </StepFrame>
  );
}

const kindOf = (value: string | null): ReleaseKind | null =>
  (RELEASE_KINDS as readonly string[]).includes(value ?? '') ? (value as ReleaseKind) : null;

export default function Step1Page() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const kind = kindOf(params.get('kind'));
  // the work this page created by its first save: its address is then ?id=, and the same editor stays
  const [created, setCreated] = useState<{ id: number; kind: ReleaseKind } | null>(null);
  const fresh = !id ? kind : created && Number(id) === created.id ? created.kind : null;
  if (fresh) {
    return (
      <Step1Editor
        key={`new-${fresh}`}
        work={null}
        kind={fresh}
        onCreated={(newId) => {
          setCreated({ id: newId, kind: fresh });
          setParams({ id: String(newId) }, { replace: true });
        }}
      />
    );
  }
  if (!id) {
    return (
      <StepFrame step={1}>
        <KindChooser />
      </StepFrame>
    );
  }
  return <StepGate step={1}>{(work) => <Step1Editor key={work.id} work={work} />}</StepGate>;
}
