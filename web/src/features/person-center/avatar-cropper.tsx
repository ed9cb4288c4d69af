/**
 * Choosing the square of a picture that becomes the avatar: the picture fitted in a box, a square frame dragged with
 * the pointer (or moved with the arrow keys, resized with + and -) and a size slider; a round preview beside it.
 * Answers the square in the picture's own pixels; the server crops it with sharp (profile.service.ts).
 */
import { Slider } from 'antd';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Crop {
  x: number;
  y: number;
  size: number;
}

interface Props {
  src: string;
  onChange: (crop: Crop) => void;
}

const MIN_SIDE = 16;

export function AvatarCropper({ src, onChange }: Props) {
  const { t } = useTranslation();
  const img = useRef<HTMLImageElement>(null);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [shown, setShown] = useState<{ w: number; h: number }>({ w: 0, h: 0 });
  const [crop, setCrop] = useState<Crop | null>(null);
  const drag = useRef<{ px: number; py: number; x: number; y: number } | null>(null);

  const onLoad = () => {
    const el = img.current;
    if (!el) return;
    const w = el.naturalWidth;
    const h = el.naturalHeight;
    setNatural({ w, h });
    setShown({ w: el.clientWidth, h: el.clientHeight });
    const size = Math.min(w, h);
    setCrop({ x: Math.floor((w - size) / 2), y: Math.floor((h - size) / 2), size });
  };

  useEffect(() => {
    if (crop) onChange(crop);
  }, [crop, onChange]);

  if (!natural || !crop) {
    return (
      <div className="pc-cropper">
        <img ref={img} src={src} alt="" onLoad={onLoad} />
      </div>
    );
  }
  const scale = shown.w / natural.w || 1;
  const clamp = (c: Crop): Crop => {
    const size = Math.max(MIN_SIDE, Math.min(c.size, natural.w, natural.h));
    return {
      size,
      x: Math.round(Math.max(0, Math.min(c.x, natural.w - size))),
      y: Math.round(Math.max(0, Math.min(c.y, natural.h - size))),
    };
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { px: e.clientX, py: e.clientY, x: crop.x, y: crop.y };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setCrop(clamp({ ...crop, x: d.x + (e.clientX - d.px) / scale, y: d.y + (e.clientY - d.py) / scale }));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = Math.max(1, Math.round(natural.w / 50));
    const moves: Record<string, Partial<Crop>> = {
      ArrowLeft: { x: crop.x - step },
      ArrowRight: { x: crop.x + step },
      ArrowUp: { y: crop.y - step },
      ArrowDown: { y: crop.y + step },
      '+': { size: crop.size + step },
      '=': { size: crop.size + step },
      '-': { size: crop.size - step },
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    setCrop(clamp({ ...crop, ...move }));
  };

  const previewScale = 96 / crop.size;
  return (
    <div className="pc-avatar-row">
      <div className="pc-cropper">
        <img ref={img} src={src} alt="" onLoad={onLoad} draggable={false} />
        <div
          className="pc-cropper__frame"
          role="slider"
          tabIndex={0}
          aria-label={t('personCenter.update.cropLabel')}
          aria-valuemin={0}
          aria-valuemax={Math.max(natural.w, natural.h)}
          aria-valuenow={crop.x}
          aria-valuetext={`${crop.x}, ${crop.y}, ${crop.size}×${crop.size}`}
          data-testid="avatar-crop-frame"
          style={{ left: crop.x * scale, top: crop.y * scale, width: crop.size * scale, height: crop.size * scale }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        />
      </div>
      <div>
        <div
          className="pc-avatar-preview"
          aria-hidden="true"
          style={{
            backgroundImage: `url(${src})`,
            backgroundSize: `${natural.w * previewScale}px ${natural.h * previewScale}px`,
            backgroundPosition: `${-crop.x * previewScale}px ${-crop.y * previewScale}px`,
          }}
        />
        <label htmlFor="pc-crop-size" className="pc-card__hint" style={{ display: 'block', marginTop: 8 }}>
          {t('personCenter.update.cropSize')}
        </label>
        <Slider
          id="pc-crop-size"
          style={{ width: 140 }}
          min={MIN_SIDE}
          max={Math.min(natural.w, natural.h)}
          value={crop.size}
          onChange={(size) => setCrop(clamp({ ...crop, size }))}
        />
      </div>
    </div>
  );
}
