/** Keep the design as a document (to reopen and edit later), and open one kept before. */
import { FolderOpenOutlined, SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { CoverDesign } from '@trackline/contract/covers';
import { Alert, Button } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { COVERS_KEY, saveDesign, useSavedDesigns } from './covers-api';

export function SavedDesigns(props: {
  design: CoverDesign;
  designId: number | null;
  workId: number | null;
  onSaved: (id: number) => void;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const list = useSavedDesigns();
  const [name, setName] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<string>('');

  const save = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const saved = await saveDesign({
        id: props.designId ?? undefined,
        name: name.trim() || props.design.meta.title || t('covers.design.untitled'),
        design: props.design,
        work_id: props.workId ?? undefined,
      });
      props.onSaved(saved.id);
      setStatus({ ok: true, text: t('covers.design.saved') });
      void client.invalidateQueries({ queryKey: [...COVERS_KEY, 'designs'] });
    } catch (error) {
      setStatus({ ok: false, text: isApiError(error) && error.msg ? error.msg : t('covers.design.saveFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cover-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="cover-panel__title">
        {t('covers.design.save')}
      </h3>
      <div className="cover-field-row">
        <label htmlFor={`${id}-name`}>{t('covers.design.name')}</label>
        <input
          id={`${id}-name`}
          className="cover-input"
          value={name}
          maxLength={80}
          placeholder={props.design.meta.title || t('covers.design.untitled')}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="cover-actions">
        <Button icon={<SaveOutlined aria-hidden="true" />} loading={busy} onClick={save} data-testid="save-design">
          {t('covers.design.save')}
        </Button>
      </div>
      <div aria-live="polite">
        {status && <Alert type={status.ok ? 'success' : 'error'} showIcon message={status.text} />}
      </div>
      <div className="cover-field-row">
        <label htmlFor={`${id}-open`}>{t('covers.design.open')}</label>
        <select id={`${id}-open`} className="cover-input" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">{list.data?.length ? '—' : t('covers.design.none')}</option>
          {list.data?.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name || t('covers.design.untitled')} · {d.updated_at.slice(0, 10)}
            </option>
          ))}
        </select>
      </div>
      <Button
        icon={<FolderOpenOutlined aria-hidden="true" />}
        disabled={!chosen}
        onClick={() => props.onOpen(Number(chosen))}
      >
        {t('covers.design.open')}
      </Button>
    </section>
  );
}
