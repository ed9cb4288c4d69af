import { Button } from 'antd';
import { setLanguage } from '../../i18n';
import { useAdminT } from '../i18n';

/** Switches to the other language; the text is that language's own name ("English" / "中文"). */
export function LanguageButton() {
  const { t, language } = useAdminT();
  const next = language === 'en' ? 'zh-CN' : 'en';
  return (
    <Button type="text" lang={next} title={t('common.switchLanguage')} onClick={() => setLanguage(next)}>
      {t('common.languageName')}
    </Button>
  );
}
