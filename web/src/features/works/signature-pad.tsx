/**
 * A signature drawn on screen with a mouse, a finger or a pen (pointer events; a pen's pressure thickens the line),
 * exported as a PNG data URL after every stroke. The strokes are kept, so a resized pad redraws them sharp. Those
 * who cannot draw can type their name instead; it is written into the pad in a handwriting face.
 */
import { ClearOutlined, EditOutlined } from '@ant-design/icons';
import { WORK_LIMITS } from '@trackline/contract/work-model';
import { Button, Input } from 'antd';
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Point {
  x: number;
  y: number;
  width: number;
}

type Stroke = Point[];

const INK = '#1d1933';

function segment(ctx: CanvasRenderingContext2D, a: Point, b: Point) {
  ctx.lineWidth = (a.width + b.width) / 2;
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.stroke();
}
const HEIGHT = 200;

/** The drawn length (CSS pixels) a signature needs: well above the server's minimum of inked pixels. */
const MIN_INK_LENGTH = 60;

function inkLength(strokes: Stroke[]): number {
  let total = 0;
  for (const stroke of strokes)
    for (let i = 1; i < stroke.length; i++)
      total += Math.hypot(stroke[i]!.x - stroke[i - 1]!.x, stroke[i]!.y - stroke[i - 1]!.y);
  return total;
}

interface SignaturePadProps {
  onChange: (png: string | null) => void;
  /** Shown as the pad's state for screen readers and under the pad. */
  required?: boolean;
}

export function SignaturePad({ onChange, required }: SignaturePadProps) {
  const { t } = useTranslation();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Stroke[]>([]);
  const typed = useRef<string | null>(null);
  const drawing = useRef<Stroke | null>(null);
  const [signed, setSigned] = useState(false);
  const [tooShort, setTooShort] = useState(false);
  const [name, setName] = useState('');

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(HEIGHT * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, HEIGHT);
    ctx.strokeStyle = INK;
    ctx.fillStyle = INK;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    if (typed.current) {
      ctx.font = `italic 44px "Segoe Script", "Brush Script MT", "KaiTi", "STKaiti", cursive`;
      ctx.textBaseline = 'middle';
      ctx.fillText(typed.current, 24, HEIGHT / 2, width - 48);
    }
    for (const stroke of strokes.current) {
      if (stroke.length === 1) {
        const p = stroke[0]!;
        ctx.beginPath();
        ctx.arc(p.x, p.y, p.width / 2, 0, Math.PI * 2);
        ctx.fill();
      }
      for (let i = 1; i < stroke.length; i++) segment(ctx, stroke[i - 1]!, stroke[i]!);
    }
  }, []);

  useEffect(() => {
    redraw();
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  /** The PNG of what is drawn, made smaller when it would exceed what the server accepts. */
  const exportPng = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return null;
    let png = canvas.toDataURL('image/png');
    const limit = (WORK_LIMITS.signatureMaxBytes * 4) / 3;
    let scale = 0.5;
    while (png.length > limit && scale > 0.1) {
      const small = document.createElement('canvas');
      small.width = Math.round(canvas.width * scale);
      small.height = Math.round(canvas.height * scale);
      small.getContext('2d')?.drawImage(canvas, 0, 0, small.width, small.height);
      png = small.toDataURL('image/png');
      scale /= 2;
    }
    return png;
  }, []);

  const publish = () => {
    const drawn = strokes.current.length > 0;
    // A tap or a scratch is not a signature: the server refuses a pad without enough ink, so say so here first.
    const has = inkLength(strokes.current) >= MIN_INK_LENGTH || typed.current !== null;
    setSigned(has);
    setTooShort(drawn && !has);
    onChange(has ? exportPng() : null);
  };

  const pointAt = (event: PointerEvent | ReactPointerEvent<HTMLCanvasElement>): Point => {
    const rect = canvasRef.current!.getBoundingClientRect();
    const pressure = event.pointerType === 'pen' && event.pressure > 0 ? event.pressure : 0.5;
    return { x: event.clientX - rect.left, y: event.clientY - rect.top, width: 1.2 + pressure * 3.2 };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const stroke = [pointAt(event)];
    drawing.current = stroke;
    strokes.current.push(stroke);
    redraw();
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    const ctx = canvasRef.current?.getContext('2d');
    if (!stroke || !ctx) return;
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent];
    for (const e of events.length > 0 ? events : [event.nativeEvent]) {
      const point = pointAt(e);
      const last = stroke.at(-1)!;
      stroke.push(point);
      segment(ctx, last, point);
    }
  };

  const onPointerEnd = () => {
    if (!drawing.current) return;
    drawing.current = null;
    publish();
  };

  const clear = () => {
    strokes.current = [];
    typed.current = null;
    redraw();
    publish();
  };

  const applyTyped = () => {
    const text = name.trim();
    if (!text) return;
    typed.current = text;
    redraw();
    publish();
  };

  return (
    <div className="signature-pad">
      <canvas
        ref={canvasRef}
        className="signature-pad__canvas"
        style={{ height: HEIGHT }}
        role="img"
        aria-label={t('works.sign.padLabel')}
        aria-describedby={`${id}-state`}
        data-testid="signature-pad"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onLostPointerCapture={onPointerEnd}
      />
      <div className="signature-pad__bar">
        <span id={`${id}-state`} aria-live="polite" className="signature-pad__state">
          {signed
            ? t('works.sign.signed')
            : tooShort
              ? t('works.sign.tooShort')
              : required
                ? t('works.sign.required')
                : t('works.sign.optional')}
        </span>
        <Button
          size="small"
          icon={<ClearOutlined aria-hidden="true" />}
          onClick={clear}
          disabled={!signed && !tooShort}
        >
          {t('works.sign.clear')}
        </Button>
      </div>
      <div className="signature-pad__typed">
        <label htmlFor={`${id}-typed`} className="work-field__hint">
          {t('works.sign.typedLabel')}
        </label>
        <Input
          id={`${id}-typed`}
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={applyTyped}
        />
        <Button icon={<EditOutlined aria-hidden="true" />} onClick={applyTyped} disabled={!name.trim()}>
          {t('works.sign.useTyped')}
        </Button>
      </div>
    </div>
  );
}
