/**
 * /work-publish/add-material?id=: attach more files to a work — accompaniment, short audio, karaoke (audio, resumable
 * upload), an MV (video, resumable), a lyrics file or the cover — to one of its tracks (the cover belongs to the
 * release), and see and remove (after a confirmation) what is attached. A kind already attached is replaced. Each
 * attached audio file shows the rules it breaks for its kind (too short, sample rate…) on its row, from the analysis
 * made as it was uploaded (issue 9: they were only found at submission).
 */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  MATERIAL_FILE_KIND,
  MATERIAL_KINDS,
  MATERIAL_LABELS,
  type MaterialItem,
  type MaterialKind,
  type WorkDetail,
} from '@trackline/contract/work-model';
import { App, Button, Progress, Radio, Result, Select, Skeleton } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { isApiError, showApiError } from '../../api/client';
import { WORK_LIST_ROUTE } from '../../lib/routes';
import { audioSummary } from './audio-field';
import { RuleIssueLines } from './field';
import type { FileRef } from './info-draft';
import { ResumableUploadField } from './resumable-upload-field';
import { uploadSmallFile } from './small-upload';
import { positiveId } from './use-work-step';
import { useWorkLabels } from './work-labels';
import { WorkPageHeader } from './work-page-header';
import { addMaterial, removeMaterial, useInvalidateWorks, useWorkDetail } from './works-api';
import './works.css';

/** The main audio is part of a track's information (step 1 / update-music); everything else is added here. */
const KINDS = MATERIAL_KINDS.filter((k) => k !== 'music');

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Picks and uploads a small file (cover image or lyrics) through /api/common/upload. */
function SmallFilePicker({ kind, onUploaded }: { kind: 'cover' | 'lyric'; onUploaded: (file: FileRef) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pick = async (file: File) => {
    setFailure(null);
    setProgress(0);
    try {
      const uploaded = await uploadSmallFile(file, setProgress);
      onUploaded({ key: uploaded.key, url: uploaded.url, name: uploaded.name, size: uploaded.size });
    } catch (error) {
      setFailure(isApiError(error) && error.msg ? error.msg : t('works.upload.failed'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="small-file-picker">
      <label htmlFor={id} className="visually-hidden">
        {t('works.material.file')}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        className="visually-hidden"
        accept={kind === 'cover' ? 'image/jpeg,image/png,.jpg,.jpeg,.png' : '.lrc,.txt,text/plain'}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void pick(file);
        }}
      />
      <Button
        icon={<UploadOutlined aria-hidden="true" />}
        loading={progress !== null}
        onClick={() => input.current?.click()}
      >
        {t('works.material.choose')}
      </Button>
      <div aria-live="polite">
        {progress !== null && <Progress percent={progress} size="small" />}
        {failure && <p className="rule-issue rule-issue--error">{failure}</p>}
      </div>
    </div>
  );
}

function MaterialRows({ work, onRemove }: { work: WorkDetail; onRemove: (m: MaterialItem) => void }) {
  const { t } = useTranslation();
  const { pick } = useWorkLabels();
  const rows: Array<{ owner: string; material: MaterialItem }> = [];
  if (work.cover) rows.push({ owner: t('works.material.release'), material: work.cover });
  for (const track of [...work.tracks].sort((a, b) => a.position - b.position)) {
    for (const material of track.materials)
      rows.push({ owner: `${track.position}. ${track.title || t('works.untitled')}`, material });
  }
  if (rows.length === 0) return <p className="works-state">{t('works.material.none')}</p>;
  return (
    <table className="material-table">
      <thead>
        <tr>
          <th scope="col">{t('works.material.owner')}</th>
          <th scope="col">{t('works.material.kind')}</th>
          <th scope="col">{t('works.material.file')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('works.list.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ owner, material }) => (
          <tr key={material.id} data-testid="material-row">
            <td data-label={t('works.material.owner')}>{owner}</td>
            <td data-label={t('works.material.kind')}>{pick(MATERIAL_LABELS[material.kind])}</td>
            <td data-label={t('works.material.file')} className="material-table__file">
              <a href={material.url} target="_blank" rel="noopener noreferrer">
                {material.name}
              </a>{' '}
              <span className="material-table__meta">
                {formatSize(material.size)} {audioSummary(material.meta)}
              </span>
              {material.issues && material.issues.length > 0 && (
                <div className="material-table__issues" data-testid="material-issues">
                  <RuleIssueLines issues={material.issues} />
                </div>
              )}
            </td>
            <td>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden="true" />}
                aria-label={t('works.material.removeLabel', { name: material.name })}
                onClick={() => onRemove(material)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MaterialForm({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  const { pick } = useWorkLabels();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidateWorks();
  const tracks = [...work.tracks].sort((a, b) => a.position - b.position);
  const [kind, setKind] = useState<MaterialKind>('accompany');
  const [trackId, setTrackId] = useState<number | null>(tracks[0]?.id ?? null);
  const [attaching, setAttaching] = useState(false);
  const fileKind = MATERIAL_FILE_KIND[kind];

  const attach = async (file: FileRef) => {
    setAttaching(true);
    try {
      await addMaterial({ id: work.id, track_id: kind === 'cover' ? null : trackId, kind, key: file.key });
      invalidate(work.id);
      void message.success(t('works.material.added', { kind: pick(MATERIAL_LABELS[kind]) }));
    } catch (error) {
      showApiError(error);
    } finally {
      setAttaching(false);
    }
  };

  const remove = (material: MaterialItem) =>
    modal.confirm({
      title: t('works.material.removeTitle', { name: material.name }),
      content: t('works.material.removeText'),
      okText: t('works.material.remove'),
      okButtonProps: { danger: true },
      cancelText: t('works.cancel'),
      onOk: async () => {
        try {
          await removeMaterial(work.id, material.id);
          invalidate(work.id);
        } catch (error) {
          showApiError(error);
        }
      },
    });

  return (
    <>
      <section className="work-section" aria-labelledby="material-add-title">
        <h2 id="material-add-title" className="work-section__title">
          {t('works.material.add')}
        </h2>
        <div className="work-grid work-grid--one">
          <div className="work-field">
            <span className="work-field__label" id="material-kind-label">
              {t('works.material.kind')}
            </span>
            <Radio.Group
              aria-labelledby="material-kind-label"
              value={kind}
              optionType="button"
              options={KINDS.map((k) => ({ value: k, label: pick(MATERIAL_LABELS[k]) }))}
              onChange={(e) => setKind(e.target.value)}
            />
          </div>
          {kind !== 'cover' && (
            <div className="work-field">
              <label className="work-field__label" htmlFor="material-track">
                {t('works.material.track')}
              </label>
              <Select
                id="material-track"
                value={trackId ?? undefined}
                options={tracks.map((track) => ({
                  value: track.id,
                  label: `${track.position}. ${track.title || t('works.untitled')}`,
                }))}
                onChange={setTrackId}
              />
            </div>
          )}
          <div className="work-field" aria-busy={attaching}>
            <span className="work-field__label">{t('works.material.file')}</span>
            {fileKind === 'audio' || fileKind === 'video' ? (
              <ResumableUploadField key={`${kind}-${trackId}`} kind={fileKind} onUploaded={(f) => void attach(f)} />
            ) : (
              <SmallFilePicker
                key={kind}
                kind={kind === 'cover' ? 'cover' : 'lyric'}
                onUploaded={(f) => void attach(f)}
              />
            )}
          </div>
        </div>
      </section>
      <section className="work-section" aria-labelledby="material-list-title">
        <h2 id="material-list-title" className="work-section__title">
          {t('works.material.attached')}
        </h2>
        <MaterialRows work={work} onRemove={remove} />
      </section>
    </>
  );
}

export default function AddMaterialPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const detail = useWorkDetail(id);
  const work = detail.data;
  if (id === null) return <Navigate to={WORK_LIST_ROUTE} replace />;

  return (
    <div className="shell-width works-page works-page--form">
      <WorkPageHeader title={t('works.material.title')} work={work} />
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : detail.isError || !work ? (
        <Result
          status="warning"
          title={isApiError(detail.error) && detail.error.code === 2100 ? t('works.notFound') : t('works.loadFailed')}
          extra={
            <button type="button" className="link-button link-button--primary" onClick={() => void detail.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      ) : (
        <MaterialForm work={work} />
      )}
    </div>
  );
}
