/**
 * A rich-text Form.Item control that loads the editor (Tiptap, rich-text-editor.tsx) on first use, in its own
 * chunk: the console's lists never download it, and public pages cannot.
 */
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useAdminT } from '../i18n';
import type { RichTextEditorProps } from './rich-text-editor';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

export function RichTextField(props: RichTextEditorProps) {
  const { t } = useAdminT();
  return (
    <Suspense
      fallback={
        <div role="status" aria-label={t('content.rich.loading')}>
          <Skeleton active paragraph={{ rows: 6 }} title={false} />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
