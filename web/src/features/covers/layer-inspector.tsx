/**
 * The selected layer's properties: text (which field, font, size, colour, effect and its parameters, alignment,
 * rotation, position), shape (kind, box, colour, opacity, rotation) or photo (position, size). Plain labelled
 * controls, so keyboards and screen readers reach every one.
 */
import {
  COVER_FONTS,
  type CoverLayer,
  SHAPES,
  TEXT_EFFECTS,
  TEXT_SOURCES,
  type TextEffect,
  type TextLayer,
} from '@trackline/contract/covers';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useEffects, useFonts } from './covers-api';
import type { LayerPatch } from './design-ops';

function Row({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="cover-field-row">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

function NumberRow(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange: (v: number) => void;
  testId?: string;
}) {
  return (
    <Row label={props.label}>
      {(id) => (
        <input
          id={id}
          type="number"
          className="cover-input"
          value={props.value}
          min={props.min}
          max={props.max}
          step={props.step ?? 1}
          data-testid={props.testId}
          onChange={(e) => {
            const v = Number(e.target.value);
            if (e.target.value !== '' && Number.isFinite(v))
              props.onChange(Math.min(props.max, Math.max(props.min, v)));
          }}
        />
      )}
    </Row>
  );
}

function ColourRow({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <Row label={label}>
      {(id) => (
        <input id={id} type="color" className="cover-colour" value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </Row>
  );
}

function EffectFields({ layer, onChange }: { layer: TextLayer; onChange: (effect: TextEffect) => void }) {
  const { t } = useTranslation();
  const effects = useEffects();
  const e = layer.effect;
  const params = effects.data?.effects.find((x) => x.kind === e.kind)?.params ?? [];
  const set = (patch: Partial<TextEffect>) => onChange({ ...e, ...patch });
  return (
    <>
      <Row label={t('covers.inspector.effect')}>
        {(id) => (
          <select
            id={id}
            className="cover-input"
            value={e.kind}
            data-testid="inspector-effect"
            onChange={(ev) => {
              const kind = ev.target.value as TextEffect['kind'];
              const defaults = effects.data?.effects.find((x) => x.kind === kind)?.params ?? [];
              const next: TextEffect = { ...e, kind };
              for (const p of defaults) (next as Record<string, unknown>)[p.name] = p.default;
              onChange(next);
            }}
          >
            {(effects.data?.effects ?? TEXT_EFFECTS.map((kind) => ({ kind, name: kind }))).map((x) => (
              <option key={x.kind} value={x.kind}>
                {x.name}
              </option>
            ))}
          </select>
        )}
      </Row>
      {params.map((p) =>
        p.name === 'color' ? (
          <ColourRow
            key={p.name}
            label={t('covers.inspector.effectParams.color')}
            value={e.color}
            onChange={(color) => set({ color })}
          />
        ) : (
          <NumberRow
            key={p.name}
            label={t(`covers.inspector.effectParams.${p.name}`)}
            value={e[p.name]}
            min={p.min ?? 0}
            max={p.max ?? 100}
            step={p.step}
            onChange={(v) => set({ [p.name]: v })}
          />
        ),
      )}
    </>
  );
}

export function LayerInspector({
  layer,
  onChange,
}: {
  layer: CoverLayer | null;
  onChange: (patch: LayerPatch) => void;
}) {
  const { t } = useTranslation();
  const fonts = useFonts();
  if (!layer)
    return (
      <section className="cover-panel" aria-labelledby="cover-inspector-title">
        <h3 id="cover-inspector-title" className="cover-panel__title">
          {t('covers.inspector.title')}
        </h3>
        <p className="cover-muted">{t('covers.inspector.none')}</p>
      </section>
    );
  const position = (
    <>
      <NumberRow
        label={t('covers.inspector.x')}
        value={layer.x}
        min={-2900}
        max={5900}
        onChange={(x) => onChange({ x })}
      />
      <NumberRow
        label={t('covers.inspector.y')}
        value={layer.y}
        min={-2900}
        max={5900}
        onChange={(y) => onChange({ y })}
      />
    </>
  );
  const rotation = (
    <NumberRow
      label={t('covers.inspector.rotation')}
      value={layer.rotation}
      min={-180}
      max={180}
      onChange={(r) => onChange({ rotation: r })}
    />
  );
  return (
    <section className="cover-panel" aria-labelledby="cover-inspector-title" data-testid="layer-inspector">
      <h3 id="cover-inspector-title" className="cover-panel__title">
        {t('covers.inspector.title')}
      </h3>
      {layer.type === 'text' && (
        <>
          <Row label={t('covers.inspector.source')}>
            {(id) => (
              <select
                id={id}
                className="cover-input"
                value={layer.source}
                onChange={(e) => onChange({ source: e.target.value as TextLayer['source'] })}
              >
                {TEXT_SOURCES.map((s) => (
                  <option key={s} value={s}>
                    {t(`covers.layers.kinds.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Row>
          <Row label={t('covers.inspector.font')}>
            {(id) => (
              <select
                id={id}
                className="cover-input"
                value={layer.font}
                data-testid="inspector-font"
                onChange={(e) => onChange({ font: e.target.value as TextLayer['font'] })}
              >
                {(fonts.data ?? COVER_FONTS.map((f) => ({ id: f, name: f }))).map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            )}
          </Row>
          <NumberRow
            label={t('covers.inspector.size')}
            value={layer.size}
            min={40}
            max={1200}
            step={10}
            onChange={(size) => onChange({ size })}
            testId="inspector-size"
          />
          <ColourRow
            label={t('covers.inspector.color')}
            value={layer.color}
            onChange={(color) => onChange({ color })}
          />
          <EffectFields layer={layer} onChange={(effect) => onChange({ effect })} />
          <Row label={t('covers.inspector.align')}>
            {(id) => (
              <select
                id={id}
                className="cover-input"
                value={layer.align}
                onChange={(e) => onChange({ align: e.target.value as TextLayer['align'] })}
              >
                {(['start', 'middle', 'end'] as const).map((a) => (
                  <option key={a} value={a}>
                    {t(`covers.inspector.alignOptions.${a}`)}
                  </option>
                ))}
              </select>
            )}
          </Row>
          {rotation}
          {position}
        </>
      )}
      {layer.type === 'shape' && (
        <>
          <Row label={t('covers.inspector.shape')}>
            {(id) => (
              <select
                id={id}
                className="cover-input"
                value={layer.shape}
                onChange={(e) => onChange({ shape: e.target.value as (typeof SHAPES)[number] })}
              >
                {SHAPES.map((s) => (
                  <option key={s} value={s}>
                    {t(`covers.layers.kinds.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Row>
          {position}
          <NumberRow
            label={t('covers.inspector.w')}
            value={layer.w}
            min={1}
            max={6000}
            onChange={(w) => onChange({ w })}
          />
          <NumberRow
            label={t('covers.inspector.h')}
            value={layer.h}
            min={1}
            max={6000}
            onChange={(h) => onChange({ h })}
          />
          <ColourRow
            label={t('covers.inspector.color')}
            value={layer.color}
            onChange={(color) => onChange({ color })}
          />
          <NumberRow
            label={t('covers.inspector.opacity')}
            value={layer.opacity}
            min={0}
            max={1}
            step={0.05}
            onChange={(opacity) => onChange({ opacity })}
          />
          {rotation}
        </>
      )}
      {layer.type === 'image' && (
        <>
          {position}
          <NumberRow
            label={t('covers.inspector.photoSize')}
            value={layer.size}
            min={100}
            max={6000}
            step={50}
            onChange={(size) => onChange({ size })}
          />
          {rotation}
        </>
      )}
    </section>
  );
}
