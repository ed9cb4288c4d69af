/**
 * The editing surface both makers share: the canvas (the server's render, handles, nudging) beside the background,
 * the layers (manual maker), the selected layer's properties, undo/redo and the export. `extra` adds the manual
 * maker's own panels (photo, saved designs).
 */
import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import type { CoverLayer } from '@trackline/contract/covers';
import { Button } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackgroundPicker } from './background-picker';
import { CoverCanvas } from './cover-canvas';
import { addShape, addText, nudgeLayer, removeLayer, reorderLayer, updateLayer } from './design-ops';
import { ExportPanel } from './export-panel';
import { LayerInspector } from './layer-inspector';
import { LayerList } from './layer-list';
import type { useDesignHistory } from './use-design-history';

export function CoverEditor(props: {
  history: ReturnType<typeof useDesignHistory>;
  workId: number | null;
  workTitle: string;
  withLayers?: boolean;
  initialSelection?: string | null;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { design, change, preview, commit, undo, redo, canUndo, canRedo } = props.history;
  const [selectedId, setSelectedId] = useState<string | null>(props.initialSelection ?? null);
  useEffect(() => setSelectedId(props.initialSelection ?? null), [props.initialSelection]);

  // Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or Ctrl+Y) anywhere on the page but in a text field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) undo();
      else if ((k === 'z' && e.shiftKey) || k === 'y') redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  if (!design) return null;
  const selected: CoverLayer | null = design.layers.find((l) => l.id === selectedId) ?? null;

  return (
    <div className="cover-editor">
      <div className="cover-editor__stage">
        <div className="cover-toolbar">
          <Button icon={<UndoOutlined aria-hidden="true" />} disabled={!canUndo} onClick={undo} data-testid="undo">
            {t('covers.history.undo')}
          </Button>
          <Button icon={<RedoOutlined aria-hidden="true" />} disabled={!canRedo} onClick={redo} data-testid="redo">
            {t('covers.history.redo')}
          </Button>
        </div>
        <CoverCanvas
          design={design}
          workId={props.workId}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onDrag={(id, x, y) => preview(updateLayer(design, id, { x, y }))}
          onDragEnd={commit}
          onNudge={(id, dx, dy) => change(nudgeLayer(design, id, dx, dy))}
        />
        <ExportPanel design={design} workId={props.workId} workTitle={props.workTitle} />
      </div>
      <div className="cover-editor__side">
        {props.extra}
        {props.withLayers && (
          <LayerList
            design={design}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onAddText={(source) => {
              const next = addText(design, source);
              change(next.design);
              setSelectedId(next.id);
            }}
            onAddShape={(shape) => {
              const next = addShape(design, shape);
              change(next.design);
              setSelectedId(next.id);
            }}
            onMove={(id, step) => change(reorderLayer(design, id, step))}
            onRemove={(id) => {
              change(removeLayer(design, id));
              if (id === selectedId) setSelectedId(null);
            }}
          />
        )}
        <LayerInspector
          layer={selected}
          onChange={(patch) => selected && change(updateLayer(design, selected.id, patch))}
        />
        <BackgroundPicker value={design.background.id} onChange={(id) => change({ ...design, background: { id } })} />
      </div>
    </div>
  );
}
