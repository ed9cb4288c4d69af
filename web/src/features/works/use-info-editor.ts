/**
 * The page's copy of a work's information (step 1, update-music), saved as the musician goes: each edit schedules
 * a save of the whole copy (save_info), the answer's track ids are remembered at once (so a track added before the
 * previous save answered is never created twice) and the saved work goes into the query cache (its status moves
 * 00 → 10 on the server when the information is complete).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { WorkDetail } from '@trackline/contract/work-model';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/client';
import { useProfile } from '../person-center/person-center-api';
import { bodyFromDraft, draftFromDetail, type InfoDraft, rememberSaved, savedFilesOf } from './info-draft';
import { useAutosave } from './use-autosave';
import { saveWorkInfo, useInvalidateWorks, worksKeys } from './works-api';

export function useInfoEditor(work: WorkDetail) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWorks();
  const [draft, setDraft] = useState<InfoDraft>(() => draftFromDetail(work));
  const [saved, setSavedWork] = useState<WorkDetail>(work);
  /** The last saved work, readable right after a save settles (before the page re-renders). */
  const savedRef = useRef(work);
  const [saveError, setSaveError] = useState<string | null>(null);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const files = useRef(savedFilesOf(draft));

  // A new work starts with the musician's first artist name from their profile (/person-center/update-info), once;
  // it is saved with their first edit, and they can change it like any other value.
  const artistNames = useProfile().data?.artist_names;
  const prefilled = useRef(false);
  useEffect(() => {
    const first = artistNames?.[0];
    if (prefilled.current || !first || work.status !== '00') return;
    prefilled.current = true;
    setDraft((d) => (d.primary_artists.length === 0 ? { ...d, primary_artists: [first] } : d));
  }, [artistNames, work.status]);

  const save = useCallback(async () => {
    const sent = draftRef.current;
    try {
      const answer = await saveWorkInfo(bodyFromDraft(work.id, sent, files.current));
      rememberSaved(files.current, sent, answer);
      const ids = files.current.ids;
      setDraft((d) => ({ ...d, tracks: d.tracks.map((t) => (t.id ? t : { ...t, id: ids.get(t.uid) })) }));
      savedRef.current = answer;
      setSavedWork(answer);
      setSaveError(null);
      queryClient.setQueryData(worksKeys.detail(work.id), answer);
      invalidate();
      void queryClient.invalidateQueries({ queryKey: worksKeys.prereview(work.id) });
    } catch (error) {
      setSaveError(isApiError(error) && error.msg ? error.msg : null);
      throw error;
    }
  }, [work.id, queryClient, invalidate]);

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
