/**
 * The tracks of a work. A single has its one track's fields; an album has a numbered list where tracks are added,
 * removed (after a confirmation) and moved up or down with buttons (keyboard and screen readers included: the
 * move is announced and focus stays on the moved track's button). Shared by step 1 and update-music.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { WORK_LIMITS } from '@trackline/contract/work-model';
import type { RuleIssue } from '@trackline/contract/works-types';
import { App, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyTrack, type TrackDraft } from './info-draft';
import { TrackFields } from './track-fields';

interface TrackListEditorProps {
  tracks: TrackDraft[];
  single: boolean;
  original: boolean;
  releaseLanguage: string | null;
  showRequired: boolean;
  serverIssues: RuleIssue[];
  /** Functional, so an upload that ends late never writes back an old copy of the list. */
  onChange: (update: (tracks: TrackDraft[]) => TrackDraft[]) => void;
}

export function TrackListEditor({
  tracks,
  single,
  original,
  releaseLanguage,
  showRequired,
  serverIssues,
  onChange,
}: TrackListEditorProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-focus-key="${target}"]`)?.focus();
  });

  const patch = (uid: string, change: Partial<TrackDraft>) =>
    onChange((list) => list.map((track) => (track.uid === uid ? { ...track, ...change } : track)));

  const issuesOf = (index: number) => serverIssues.filter((i) => i.field.startsWith(`tracks.${index}.`));

  if (single) {
    const track = tracks[0];
    if (!track) return null;
    return (
      <fieldset className="work-section">
        <legend className="work-section__title">{t('works.form.trackOfSingle')}</legend>
        <TrackFields
          track={track}
          index={0}
          single
          original={original}
          releaseLanguage={releaseLanguage}
          showRequired={showRequired}
          serverIssues={issuesOf(0)}
          onChange={(change) => patch(track.uid, change)}
        />
      </fieldset>
    );
  }

  const titleOf = (track: TrackDraft, index: number) =>
    track.title.trim() || t('works.tracks.untitled', { n: index + 1 });

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const moving = tracks[index];
    if (!moving || to < 0 || to >= tracks.length) return;
    // Keep focus on the same control when it still exists at the new place, else on the other direction's button.
    const edge = (by === -1 && to === 0) || (by === 1 && to === tracks.length - 1);
    focusAfterMove.current = `${moving.uid}:${edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`;
    setAnnouncement(t('works.tracks.moved', { title: titleOf(moving, index), position: to + 1 }));
    onChange((list) => {
      const from = list.findIndex((item) => item.uid === moving.uid);
      if (from < 0 || to >= list.length) return list;
      const moved = [...list];
      const [item] = moved.splice(from, 1);
      if (item) moved.splice(to, 0, item);
      return moved;
    });
  };

  const remove = (track: TrackDraft, index: number) => {
    modal.confirm({
      title: t('works.tracks.removeTitle', { title: titleOf(track, index) }),
      content: t('works.tracks.removeText'),
      okText: t('works.tracks.remove'),
      okButtonProps: { danger: true },
      cancelText: t('works.cancel'),
      onOk: () => {
        setAnnouncement(t('works.tracks.removed', { title: titleOf(track, index) }));
        onChange((list) => list.filter((item) => item.uid !== track.uid));
      },
    });
  };

  const add = () => {
    const track = emptyTrack();
    setAnnouncement(t('works.tracks.added', { n: tracks.length + 1 }));
    onChange((list) => [...list, track]);
  };

  return (
    <section className="work-section" aria-labelledby="track-list-title">
      <h2 id="track-list-title" className="work-section__title">
        {t('works.tracks.title', { count: tracks.length })}
      </h2>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <ol className="track-list" ref={listRef}>
        {tracks.map((track, index) => (
          <li key={track.uid} className="track-card" data-testid="track-card">
            <div className="track-card__head">
              <h3 className="track-card__title">
                <span className="track-card__number">{index + 1}</span>
                <span data-testid="track-title">{titleOf(track, index)}</span>
              </h3>
              <div className="track-card__tools">
                <Button
                  size="small"
                  icon={<ArrowUpOutlined aria-hidden="true" />}
                  disabled={index === 0}
                  data-focus-key={`${track.uid}:up`}
                  aria-label={t('works.tracks.moveUp', { title: titleOf(track, index) })}
                  onClick={() => move(index, -1)}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined aria-hidden="true" />}
                  disabled={index === tracks.length - 1}
                  data-focus-key={`${track.uid}:down`}
                  aria-label={t('works.tracks.moveDown', { title: titleOf(track, index) })}
                  onClick={() => move(index, 1)}
                />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden="true" />}
                  disabled={tracks.length <= 1}
                  aria-label={t('works.tracks.removeLabel', { title: titleOf(track, index) })}
                  onClick={() => remove(track, index)}
                />
              </div>
            </div>
            <TrackFields
              track={track}
              index={index}
              single={false}
              original={original}
              releaseLanguage={releaseLanguage}
              showRequired={showRequired}
              serverIssues={issuesOf(index)}
              onChange={(change) => patch(track.uid, change)}
            />
          </li>
        ))}
      </ol>
      <Button
        icon={<PlusOutlined aria-hidden="true" />}
        onClick={add}
        disabled={tracks.length >= WORK_LIMITS.tracksMax}
      >
        {t('works.tracks.add')}
      </Button>
    </section>
  );
}
