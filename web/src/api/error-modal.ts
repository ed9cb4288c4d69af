/**
 * The error modals of spec §8. Identical modals (same title and text) do not stack: while one is open,
 * asking for the same one again does nothing — a page firing three calls at a dead server shows one.
 * antd's Modal is loaded on first use, so pages that never show an error never download it.
 */
import { i18n } from '../i18n';

const open = new Set<string>();

export function showErrorModal(title: string, content: string): void {
  const key = `${title}\u0000${content}`;
  if (open.has(key)) return;
  open.add(key);
  const okText = i18n.t('common.ok');
  import('../lib/antd-feedback').then(
    ({ feedbackModal }) => {
      feedbackModal().error({ title, content, okText, afterClose: () => open.delete(key) });
    },
    (error: unknown) => {
      // The modal's code could not be loaded (the network is gone): still tell the reader.
      console.error('The error modal could not be loaded', error);
      open.delete(key);
      window.alert(`${title}\n${content}`);
    },
  );
}

/** A business refusal: the server's msg, or "system error" when it sent none. */
export function showRefusal(msg: string | undefined): void {
  showErrorModal(i18n.t('common.notice'), msg?.trim() ? msg : i18n.t('common.systemError'));
}

/** A transport failure or time-out: the fixed notice plus what went wrong. */
export function showTransportFailure(detail: string): void {
  const text = detail ? i18n.t('common.networkErrorDetail', { detail }) : i18n.t('common.networkError');
  showErrorModal(i18n.t('common.errorNotice'), text);
}

/**
 * The session ended by itself: the server's msg ("登录已失效，请重新登录") and a hint that logging in again brings
 * the reader back to this page. A message, not a modal: the guest home it lands on stays usable.
 */
export function showSessionExpired(msg: string | undefined): void {
  const text = `${msg?.trim() ? msg : i18n.t('common.sessionExpired')} ${i18n.t('common.sessionExpiredHint')}`;
  import('../lib/antd-feedback').then(
    ({ lastingMessage }) => {
      lastingMessage().warning({ content: text, duration: 8, key: 'session-expired' });
    },
    () => undefined,
  );
}
