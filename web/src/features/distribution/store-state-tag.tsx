/** One store's state as a tag, coloured by what it means for the musician (on its way, live, needs action…). */
import type { StoreRowState } from '@trackline/contract/distribution-types';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<StoreRowState, string> = {
  queued: 'default',
  built: 'processing',
  validated: 'processing',
  uploading: 'processing',
  delivered: 'cyan',
  acknowledged: 'blue',
  live: 'success',
  failed: 'error',
  taken_down: 'default',
  purged: 'default',
  manual: 'default',
};

export function StoreStateTag({ state }: { state: StoreRowState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-testid="store-state" data-state={state}>
      {t(`distribution.state.${state}`)}
    </Tag>
  );
}
