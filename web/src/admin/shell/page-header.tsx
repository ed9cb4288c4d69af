import type { ReactNode } from 'react';
import { useAdminTitle } from './use-admin-title';

interface PageHeaderProps {
  title: string;
  /** The browser tab's title when it should differ from the heading. */
  documentTitle?: string;
  extra?: ReactNode;
}

/** The page's one <h1> (also the browser tab title) and its main actions. */
export function PageHeader({ title, documentTitle, extra }: PageHeaderProps) {
  useAdminTitle(documentTitle ?? title);
  return (
    <div className="admin-page-header">
      <h1 className="admin-page-title">{title}</h1>
      {extra && <div className="admin-page-actions">{extra}</div>}
    </div>
  );
}
