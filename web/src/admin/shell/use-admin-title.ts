import { useEffect } from 'react';
import { useAdminT } from '../i18n';

/** The browser tab shows the page and the console, e.g. "员工管理 - 乐轨音乐管理后台". */
export function useAdminTitle(pageTitle: string): void {
  const { t } = useAdminT();
  const consoleName = t('shell.consoleName');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${consoleName}` : consoleName;
  }, [pageTitle, consoleName]);
}
