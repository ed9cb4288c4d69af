/**
 * The page's copy of a work's information (step 1, update-music), saved as the musician goes: each edit schedules
 * a save of the whole copy (save_info), the answer's track ids are remembered at once (so a track added before the
 * previous save answered is never created twice) and the saved work goes into the query cache (its status moves
 * 00 → 10 on the server when the information is complete).
 *
 * A new work (`work` null, issue 9) exists only on the page until its first save: that save sends the kind instead
 * of an id, the server creates the draft, and `onCreated` learns its id (saves are one at a time, so the next one
 * already carries it).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { ReleaseKind, WorkDetail } from '@trackline/contract/work-model';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/client';
import { useProfile } from '../person-center/person-center-api';
import { blankDraft, bodyFromDraft, draftFromDetail, type InfoDraft, rememberSaved, savedFilesOf } from './info-draft';
import { useAutosave } from './use-autosave';
import { saveWorkInfo, useInvalidateWorks, worksKeys } from './works-api';

export function useInfoEditor(
  work: WorkDetail | null,
  options: { kind?: ReleaseKind; onCreated?: (id: number) => void } = {},
) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWorks();
  const [draft, setDraft] = useState<InfoDraft>(() => (work ? draftFromDetail(work) : blankDraft(options.kind!)));
  const [saved, setSavedWork] = useState<WorkDetail | null>(work);
  /** The last saved work, readable right after a save settles (before the page re-renders). */
  const savedRef = useRef(work);
  /** The work's id, null until a new work's first save answers. */
  const idRef = useRef(work?.id ?? null);
  const onCreated = useRef(options.onCreated);
  onCreated.current = options.onCreated;
  const [saveError, setSaveError] = useState<string | null>(null);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const files = useRef(savedFilesOf(draft));

  // A new work (not saved yet, or an empty draft) starts with the musician's first artist name from their profile (/person-center/update-info), once;
  // it is saved with their first edit, and they can change it like any other value.
  const artistNames = useProfile().data?.artist_names;
  const prefilled = useRef(false);
  useEffect(() => {
    const first = artistNames?.[0];
    if (prefilled.current || !first || (work && work.status !== '00')) return;
    prefilled.current = true;
    setDraft((d) => (d.primary_artists.length === 0 ? { ...d, primary_artists: [first] } : d));
  }, [artistNames, work]);

  const save = useCallback(async () => {
    const sent = draftRef.current;
    try {
      const answer = await saveWorkInfo(bodyFromDraft(idRef.current, sent, files.current));
      const created = idRef.current === null;
      idRef.current = answer.id;
      rememberSaved(files.current, sent, answer);
      const ids = files.current.ids;
      setDraft((d) => ({ ...d, tracks: d.tracks.map((t) => (t.id ? t : { ...t, id: ids.get(t.uid) })) }));
      savedRef.current = answer;
      setSavedWork(answer);
      setSaveError(null);
      queryClient.setQueryData(worksKeys.detail(answer.id), answer);
      invalidate();
      void queryClient.invalidateQueries({ queryKey: worksKeys.prereview(answer.id) });
      if (created) onCreated.current?.(answer.id);
    } catch (error) {
      setSaveError(isApiError(error) && error.msg ? error.msg : null);
      throw error;
    }
  }, [queryClient, invalidate]);

  const autosave = useAutosave(save);
  const { touch } = autosave;

  /** A change made by the musician: applied, and saved shortly after. */
  const update = useCallback(
    (change: (draft: InfoDraft) => InfoDraft) => {
      setDraft(change);
      touch();
    },
    [touch],
  );

  /** Saves now, even without edits (so the server judges completeness again); true when saved. */
  const saveNow = useCallback(() => {
    touch();
    return autosave.flush();
  }, [touch, autosave]);

  return { draft, update, autosave, saved, savedRef, saveError, saveNow };
}
