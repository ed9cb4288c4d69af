/**
 * antd's modal and message for code outside React (the API client, logout). The hook instances from
 * `App.useApp()` follow the ConfigProvider (locale, theme); `AntdFeedbackBridge` hands them over at start.
 * Before that, antd's static functions are the fallback.
 */
import { message as staticMessage, Modal as StaticModal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

let modalApi: Pick<ModalHookAPI, 'error'> = StaticModal;
let messageApi: Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning'> = staticMessage;

export function setFeedbackApis(modal: ModalHookAPI, message: MessageInstance): void {
  modalApi = modal;
  messageApi = message;
}

export function feedbackModal(): Pick<ModalHookAPI, 'error'> {
  return modalApi;
}

export function feedbackMessage(): Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning'> {
  return messageApi;
}
