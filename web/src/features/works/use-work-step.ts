/**
 * Which step a publishing page may show for a work. A work resumes where its status says (resumeStep: 00 → 1,
 * 10 → 2, 100 → 3; a rejected one at step 1, where editing reopens it): opening another step's address sends the
 * musician there, except going back to an earlier step from the step indicator or a Back button (router state
 * `back`), which a work still being edited allows.
 */
import { resumeStep, type WorkStatus } from '@trackline/contract/work-status';
import { useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useWorkDetail } from './works-api';

export type Step = 1 | 2 | 3;

export function workResumeStep(status: WorkStatus): Step | null {
  if (status === '400' || status === '401') return 1;
  return resumeStep(status);
}

/** The step to send the page to, or null to stay. */
export function stepRedirect(status: WorkStatus, step: Step, back: boolean): Step | null {
  const resume = workResumeStep(status);
  if (resume === null || resume === step) return null;
  if (step < resume && back) return null;
  return resume;
}

export function positiveId(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

export function useWorkStep(step: Step) {
  const [params] = useSearchParams();
  const location = useLocation();
  const id = positiveId(params.get('id'));
  const back = (location.state as { back?: boolean } | null)?.back === true;
  const detail = useWorkDetail(id);
  const work = detail.data;
  // Decided on the status the work had when the page opened: the page's own saves move it on (00 → 10 when step 1
  // is complete, 100 → 200 on signing) and must not send the musician elsewhere mid-edit.
  // A cached copy may be old (the list changed the work since): only a copy read after the page opened decides.
  const opened = useRef<{ id: number; status: WorkStatus } | null>(null);
  const fresh = detail.isFetchedAfterMount;
  if (work && fresh && opened.current?.id !== work.id) opened.current = { id: work.id, status: work.status };
  const status = opened.current?.status;
  const redirect = work && status ? stepRedirect(status, step, back) : null;
  const locked = work && status ? workResumeStep(status) === null : false;
  return { id, detail, work, redirect, locked, ready: fresh && (detail.isError || opened.current !== null) };
}
