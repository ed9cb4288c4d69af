/**
 * The musician's own photo or artwork: uploaded (POST /api/common/upload), cropped square (which part of a photo
 * that is not square to keep), placed under everything, filling the canvas. A photo under 3000 pixels on its short
 * side is warned about before it is used: filling the canvas enlarges it past its resolution.
 */
import { PictureOutlined } from '@ant-design/icons';
import type { CoverDesign } from '@trackline/contract/covers';
import { Alert, Button } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { imageSize, uploadSmallFile } from '../works/small-upload';
import { type CropAt, setPhoto, squareCrop } from './design-ops';

interface Photo {
  key: string;
  width: number;
  height: number;
}

export function PhotoPanel({ design, onChange }: { design: CoverDesign; onChange: (d: CoverDesign) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [photo, setPhotoState] = useState<Photo | null>(null);
  const [crop, setCrop] = useState<CropAt>('center');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const place = (p: Photo, at: CropAt) => onChange(setPhoto(design, p.key, squareCrop(p.width, p.height, at)));

  const pick = async (file: File) => {
    setFailure(null);
    const size = await imageSize(file);
    if (!size) {
      setFailure(t('covers.photo.failed'));
      return;
    }
    setBusy(true);
    try {
      const uploaded = await uploadSmallFile(file, () => undefined);
      const p = { key: uploaded.key, ...size };
      setPhotoState(p);
      place(p, crop);
    } catch (error) {
      setFailure(isApiError(error) && error.msg ? error.msg : t('covers.photo.failed'));
    } finally {
      setBusy(false);
    }
  };

  const side = photo ? Math.min(photo.width, photo.height) : 0;
  return (
    <section className="cover-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="cover-panel__title">
        {t('covers.photo.upload')}
      </h3>
      <p className="cover-muted" id={`${id}-hint`}>
        {t('covers.photo.hint')}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,.jpg,.jpeg,.png"
        className="visually-hidden"
        aria-describedby={`${id}-hint`}
        data-testid="photo-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void pick(file);
        }}
      />
      <label htmlFor={id} className="visually-hidden">
        {t('covers.photo.upload')}
      </label>
      <Button icon={<PictureOutlined aria-hidden="true" />} loading={busy} onClick={() => input.current?.click()}>
        {photo ? t('covers.photo.replace') : t('covers.photo.upload')}
      </Button>
      <div aria-live="polite">
        {busy && <p className="cover-muted">{t('covers.photo.uploading')}</p>}
        {failure && <Alert type="error" showIcon message={failure} />}
        {photo && side < 3000 && (
          <Alert
            type="warning"
            showIcon
            data-testid="upscale-warning"
            message={t('covers.photo.upscaleWarn', { side: String(side), factor: (3000 / side).toFixed(1) })}
          />
        )}
      </div>
      {photo && photo.width !== photo.height && (
        <div className="cover-field-row">
          <label htmlFor={`${id}-crop`}>{t('covers.photo.crop')}</label>
          <select
            id={`${id}-crop`}
            className="cover-input"
            value={crop}
            aria-describedby={`${id}-crop-hint`}
            onChange={(e) => {
              const at = e.target.value as CropAt;
              setCrop(at);
              place(photo, at);
            }}
          >
            {(['start', 'center', 'end'] as const).map((a) => (
              <option key={a} value={a}>
                {t(`covers.photo.cropOptions.${a}`)}
              </option>
            ))}
          </select>
          <span id={`${id}-crop-hint`} className="visually-hidden">
            {t('covers.photo.cropHint')}
          </span>
        </div>
      )}
    </section>
  );
}
