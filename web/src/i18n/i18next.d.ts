import 'i18next';
import type { zhCN } from './zh-cn';

// Typed keys: t('auth.mobile') is checked against the zh-CN resources at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN };
  }
}
