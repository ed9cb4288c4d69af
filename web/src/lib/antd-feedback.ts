/**
 * antd's modal and message for code outside React (the API client, logout). The hook instances from
 * `App.useApp()` follow the ConfigProvider (locale, theme); `FeedbackBridge` hands them over at start.
 * Before that, antd's static functions are the fallback.
 */
import { type ModalFuncProps, Modal as StaticModal, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

export interface FeedbackModal {
  error: (config: ModalFuncProps) => unknown;
}
export type FeedbackMessage = Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning'>;

let modalApi: FeedbackModal = StaticModal;
let messageApi: FeedbackMessage = staticMessage;

export function setFeedbackApis(modal: FeedbackModal, message: FeedbackMessage): void {
  modalApi = modal;
  messageApi = message;
}

export function feedbackModal(): FeedbackModal {
  return modalApi;
}

export function feedbackMessage(): FeedbackMessage {
  return messageApi;
}
