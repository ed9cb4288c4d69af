/**
 * The canvas of both makers: the server's own render of the design (so the preview is the export), with a handle
 * over each layer to select it and drag it; with a handle focused, arrow keys nudge its layer (Shift: 100 units). Loading, error
 * and empty states are shown in place.
 */
import { textBox } from '@trackline/contract/cover-text';
import { COVER_CANVAS, type CoverDesign, type CoverLayer } from '@trackline/contract/covers';
import { Spin } from 'antd';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreview } from './covers-api';
import { layerKind } from './layer-names';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function boxOf(layer: CoverLayer, design: CoverDesign): Box | null {
  if (layer.type === 'text') {
    const words = design.meta[layer.source].trim();
    return words ? textBox(words, layer) : null;
  }
  if (layer.type === 'image') return { x: layer.x, y: layer.y, w: layer.size, h: layer.size };
  const pad = layer.shape === 'line' ? 40 : 0;
  return {
    x: Math.min(layer.x, layer.x + layer.w) - pad,
    y: Math.min(layer.y, layer.y + layer.h) - pad,
    w: Math.abs(layer.w) + 2 * pad,
    h: Math.abs(layer.h) + 2 * pad,
  };
}

const pct = (v: number) => `${(v / COVER_CANVAS) * 100}%`;

interface CoverCanvasProps {
  design: CoverDesign | null;
  workId: number | null;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** A drag in progress: the layer's new position (canvas units). */
  onDrag: (id: string, x: number, y: number) => void;
  onDragEnd: () => void;
  onNudge: (id: string, dx: number, dy: number) => void;
}

export function CoverCanvas({ design, workId, selectedId, onSelect, onDrag, onDragEnd, onNudge }: CoverCanvasProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: string; startX: number; startY: number; x: number; y: number } | null>(null);
  const preview = usePreview(design, workId);

  const unitsPerPixel = () => COVER_CANVAS / (frame.current?.getBoundingClientRect().width || COVER_CANVAS);

  const down = (event: PointerEvent<HTMLButtonElement>, layer: CoverLayer) => {
    onSelect(layer.id);
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { id: layer.id, startX: event.clientX, startY: event.clientY, x: layer.x, y: layer.y };
  };
  const move = (event: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    const k = unitsPerPixel();
    onDrag(d.id, Math.round(d.x + (event.clientX - d.startX) * k), Math.round(d.y + (event.clientY - d.startY) * k));
  };
  const up = () => {
    if (!drag.current) return;
    drag.current = null;
    onDragEnd();
  };
  const key = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    const step = event.shiftKey ? 100 : 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const m = moves[event.key];
    if (!m) return;
    event.preventDefault();
    onNudge(id, m[0], m[1]);
  };

  return (
    <figure className="cover-canvas" ref={frame} data-testid="cover-canvas">
      <figcaption className="visually-hidden">{t('covers.preview.label')}</figcaption>
      {preview.data ? (
        <img
          className="cover-canvas__image"
          src={preview.data.image}
          alt={t('covers.preview.label')}
          data-testid="cover-preview"
        />
      ) : (
        <div className="cover-canvas__empty">{design ? t('covers.preview.loading') : t('covers.preview.empty')}</div>
      )}
      {design?.layers.map((layer) => {
        const box = boxOf(layer, design);
        if (!box) return null;
        const selected = layer.id === selectedId;
        return (
          <button
            key={layer.id}
            type="button"
            className={`cover-canvas__handle${selected ? ' cover-canvas__handle--selected' : ''}`}
            style={{ left: pct(box.x), top: pct(box.y), width: pct(box.w), height: pct(box.h) }}
            aria-label={t('covers.layers.select', { name: t(`covers.layers.kinds.${layerKind(layer)}`) })}
            aria-pressed={selected}
            onPointerDown={(event) => down(event, layer)}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={up}
            onKeyDown={(event) => key(event, layer.id)}
            onFocus={() => onSelect(layer.id)}
            aria-describedby="cover-canvas-hint"
            data-testid={`handle-${layer.id}`}
          />
        );
      })}
      {preview.isFetching && (
        <div className="cover-canvas__busy" aria-live="polite">
          <Spin size="small" /> <span className="visually-hidden">{t('covers.preview.loading')}</span>
        </div>
      )}
      {preview.isError && (
        <p className="cover-canvas__error" role="alert">
          {t('covers.preview.failed')}
        </p>
      )}
      <p id="cover-canvas-hint" className="visually-hidden">
        {t('covers.layers.nudgeHint')}
      </p>
    </figure>
  );
}
