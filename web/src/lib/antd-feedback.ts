/**
 * antd's modal and message for code outside React (the API client's error modals, logout, the account
 * forms). While an AntdScope is mounted its `App.useApp()` instances are used (they follow its
 * ConfigProvider); otherwise antd's static functions, rendered with the same theme and locale.
 * Lazily loaded: it pulls antd in, and the public shell does without until a modal is needed.
 */
import '../app/antd-react19';
import {
  ConfigProvider,
  type ConfigProviderProps,
  type ModalFuncProps,
  Modal as StaticModal,
  message as staticMessage,
} from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createElement } from 'react';
import { theme } from '../app/theme';
import { i18n } from '../i18n';

export interface FeedbackModal {
  error: (config: ModalFuncProps) => unknown;
}
export type FeedbackMessage = Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning'>;

/** autoInsertSpace off: antd would render 登录 as "登 录", which is not what readers or tests expect. */
export const CONFIG_PROPS = {
  theme,
  button: { autoInsertSpace: false },
  // Issue 9: on a phone a form's first error could be off-screen; every antd form scrolls to it and focuses it.
  form: { scrollToFirstError: { block: 'center', focus: true } },
} satisfies ConfigProviderProps;

export function antdLocale(language: string): ConfigProviderProps['locale'] {
  return language === 'en' ? enUS : zhCN;
}

// dayjs (antd's date pickers) follows the UI language.
function applyDayjsLocale(language: string): void {
  dayjs.locale(language === 'en' ? 'en' : 'zh-cn');
}
applyDayjsLocale(i18n.language);
i18n.on('languageChanged', applyDayjsLocale);

// The static functions render outside any scope: give them the same theme and the current locale.
ConfigProvider.config({
  holderRender: (children) =>
    createElement(ConfigProvider, { ...CONFIG_PROPS, locale: antdLocale(i18n.language) }, children),
});

interface Bridged {
  modal: FeedbackModal;
  message: FeedbackMessage;
}

/** The mounted scopes' instances, the latest last. */
const bridged: Bridged[] = [];

/** Hands a scope's instances over; the returned function takes them back when the scope unmounts. */
export function bridgeFeedbackApis(modal: FeedbackModal, message: FeedbackMessage): () => void {
  const entry: Bridged = { modal, message };
  bridged.push(entry);
  return () => {
    const index = bridged.indexOf(entry);
    if (index >= 0) bridged.splice(index, 1);
  };
}

export function feedbackModal(): FeedbackModal {
  return bridged.at(-1)?.modal ?? StaticModal;
}

export function feedbackMessage(): FeedbackMessage {
  return bridged.at(-1)?.message ?? staticMessage;
}

/**
 * For a message shown as the page changes (logout, a session that ended): a scope's instance goes with its page, and
 * the message with it before anyone could read it; the static one stays through navigation.
 */
export function lastingMessage(): FeedbackMessage {
  return staticMessage;
}
