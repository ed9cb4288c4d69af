import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../i18n';

/**
 * One button that switches to the other language; its text is that language's own name ("English" in
 * the Chinese UI, "中文" in the English one), which is what a reader of that language looks for.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'en' ? 'zh-CN' : 'en';
  return (
    <button
      type="button"
      className="header-icon-button"
      title={t('language.switchTo')}
      lang={next}
      onClick={() => setLanguage(next)}
    >
      <GlobalOutlined aria-hidden="true" />
      <span className="language-switch__name">{next === 'en' ? t('language.en') : t('language.zh')}</span>
    </button>
  );
}
