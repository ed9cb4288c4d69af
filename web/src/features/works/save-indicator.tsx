import { CheckCircleOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Autosave } from './use-autosave';

function hhmm(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** Where the draft stands: saving…, saved at hh:mm, or failed (with a retry). Read out politely as it changes. */
export function SaveIndicator({ autosave }: { autosave: Autosave }) {
  const { t } = useTranslation();
  const { status, savedAt } = autosave;
  let content: ReactNode = null;
  if (status === 'saving') {
    content = (
      <>
        <LoadingOutlined aria-hidden="true" /> {t('works.save.saving')}
      </>
    );
  } else if (status === 'error') {
    content = (
      <>
        <ExclamationCircleOutlined aria-hidden="true" /> {t('works.save.failed')}{' '}
        <button type="button" className="works-text-button" onClick={() => void autosave.flush()}>
          {t('common.retry')}
        </button>
      </>
    );
  } else if (status === 'pending') {
    content = t('works.save.pending');
  } else if (savedAt) {
    content = (
      <>
        <CheckCircleOutlined aria-hidden="true" /> {t('works.save.savedAt', { time: hhmm(savedAt) })}
      </>
    );
  }
  return (
    <output className={`save-indicator save-indicator--${status}`} aria-live="polite" data-testid="save-status">
      {content}
    </output>
  );
}
