/**
 * Logout (spec §4, §8): ask the server, then clear everything locally whatever it answered.
 * Code 1 shows the server's msg as a success message; any other outcome shows nothing.
 */
import { CODE_OK } from '@trackline/contract/envelope';
import { lastingMessage } from '../../lib/antd-feedback';
import { navigateTo } from '../../lib/navigation';
import { GUEST_HOME } from '../../lib/routes';
import { endSessionLocally } from '../../lib/session';
import { logoutRequest } from './account-api';

export async function logout(): Promise<void> {
  try {
    const answer = await logoutRequest();
    // Shown by the static instance: the logged-in page (and its antd scope) goes away with the navigation below.
    if (answer.code === CODE_OK && answer.msg) lastingMessage().success(answer.msg);
  } catch {
    // Spec §8: other codes (and failures) show nothing; the local session ends all the same.
  } finally {
    endSessionLocally();
    navigateTo(GUEST_HOME, { replace: true });
  }
}
