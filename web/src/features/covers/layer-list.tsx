/** The layers top first (as stacked), to select, reorder and delete; and the buttons that add text and shapes. */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { CoverDesign } from '@trackline/contract/covers';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { layerKind } from './layer-names';

export function LayerList(props: {
  design: CoverDesign;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onAddText: (source: 'title' | 'artist' | 'label') => void;
  onAddShape: (shape: 'rect' | 'ellipse' | 'line') => void;
  onMove: (id: string, step: 1 | -1) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  const top = [...props.design.layers].reverse();
  return (
    <section className="cover-panel" aria-labelledby="cover-layers-title">
      <h3 id="cover-layers-title" className="cover-panel__title">
        {t('covers.layers.title')}
      </h3>
      <div className="cover-add">
        <Button size="small" onClick={() => props.onAddText('title')} data-testid="add-title">
          {t('covers.layers.addTitle')}
        </Button>
        <Button size="small" onClick={() => props.onAddText('artist')} data-testid="add-artist">
          {t('covers.layers.addArtist')}
        </Button>
        <Button size="small" onClick={() => props.onAddText('label')}>
          {t('covers.layers.addLabel')}
        </Button>
        <Button size="small" onClick={() => props.onAddShape('rect')}>
          {t('covers.layers.addRect')}
        </Button>
        <Button size="small" onClick={() => props.onAddShape('ellipse')}>
          {t('covers.layers.addEllipse')}
        </Button>
        <Button size="small" onClick={() => props.onAddShape('line')}>
          {t('covers.layers.addLine')}
        </Button>
      </div>
      {top.length === 0 ? (
        <p className="cover-muted">{t('covers.layers.empty')}</p>
      ) : (
        <ol className="cover-layers" data-testid="layer-list">
          {top.map((layer, i) => {
            const name = t(`covers.layers.kinds.${layerKind(layer)}`);
            const selected = layer.id === props.selectedId;
            return (
              <li
                key={layer.id}
                className={selected ? 'cover-layers__item cover-layers__item--on' : 'cover-layers__item'}
              >
                <button
                  type="button"
                  className="cover-layers__name"
                  aria-pressed={selected}
                  onClick={() => props.onSelect(layer.id)}
                >
                  {name}
                </button>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined aria-hidden="true" />}
                  aria-label={`${t('covers.layers.up')}: ${name}`}
                  disabled={i === 0}
                  onClick={() => props.onMove(layer.id, 1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined aria-hidden="true" />}
                  aria-label={`${t('covers.layers.down')}: ${name}`}
                  disabled={i === top.length - 1}
                  onClick={() => props.onMove(layer.id, -1)}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden="true" />}
                  aria-label={`${t('covers.layers.remove')}: ${name}`}
                  onClick={() => props.onRemove(layer.id)}
                />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
