/**
 * Choosing drafts on the work list and deleting them together (issue 9: a musician with a dozen abandoned drafts
 * deleted them one by one). Only works in a deletable status (DELETABLE_STATUSES, the server's rule) can be
 * chosen; the bar names how many are chosen and deletes them after a confirmation listing their titles, in one call
 * that deletes all or none (2250 names the ones that moved on meanwhile).
 */
import { DeleteOutlined } from '@ant-design/icons';
import type { WorkListItem } from '@trackline/contract/work-model';
import { DELETABLE_STATUSES } from '@trackline/contract/work-status';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../api/client';
import { removeDrafts, useInvalidateWorks } from './works-api';

export const isDeletableDraft = (work: Pick<WorkListItem, 'status'>) => DELETABLE_STATUSES.includes(work.status);

/** The chosen drafts (by id, kept across pages until deleted or cleared). */
export function useDraftSelection() {
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const toggle = (work: Pick<WorkListItem, 'id' | 'title'>, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(work.id, work.title);
      else next.delete(work.id);
      return next;
    });
  /** Sets which of `shown` are chosen (antd's table selection of one page), keeping choices on other pages. */
  const setShown = (shown: WorkListItem[], ids: readonly number[]) =>
    setChosen((current) => {
      const next = new Map(current);
      for (const work of shown) {
        if (ids.includes(work.id)) next.set(work.id, work.title);
        else next.delete(work.id);
      }
      return next;
    });
  const clear = () => setChosen(new Map());
  return { chosen, toggle, setShown, clear };
}

export function DraftSelectionBar({ chosen, onDone }: { chosen: Map<number, string>; onDone: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidateWorks();
  const [busy, setBusy] = useState(false);
  if (chosen.size === 0) return null;

  const remove = async () => {
    setBusy(true);
    try {
      const { deleted } = await removeDrafts([...chosen.keys()]);
      void message.success(t('works.bulk.done', { count: deleted.length }));
      onDone();
    } catch (error) {
      showApiError(error);
    } finally {
      invalidate();
      setBusy(false);
    }
  };

  const confirm = () => {
    const titles = [...chosen.values()].map((title) => title.trim() || t('works.untitled'));
    modal.confirm({
      title: t('works.bulk.confirm', { count: chosen.size }),
      content: (
        <div>
          <p>{t('works.bulk.text')}</p>
          <ul className="bulk-delete__titles">
            {titles.slice(0, 10).map((title, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list shown once
              <li key={i}>{title}</li>
            ))}
            {titles.length > 10 && <li>{t('works.bulk.more', { count: titles.length - 10 })}</li>}
          </ul>
        </div>
      ),
      okText: t('works.bulk.delete'),
      okButtonProps: { danger: true },
      cancelText: t('works.cancel'),
      onOk: remove,
    });
  };

  return (
    <section className="bulk-bar" aria-label={t('works.bulk.label')} data-testid="bulk-bar">
      <span aria-live="polite">{t('works.bulk.chosen', { count: chosen.size })}</span>
      <div className="bulk-bar__actions">
        <Button onClick={onDone} disabled={busy}>
          {t('works.bulk.clear')}
        </Button>
        <Button danger type="primary" icon={<DeleteOutlined aria-hidden="true" />} loading={busy} onClick={confirm}>
          {t('works.bulk.delete')}
        </Button>
      </div>
    </section>
  );
}
