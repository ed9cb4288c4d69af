import type { UserInfo } from '@trackline/contract/account';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { i18n } from '../../i18n';
import { feedbackMessage, lastingMessage } from '../../lib/antd-feedback';
import { peekReturnTo } from '../../lib/return-to';
import { LOGGED_IN_HOME } from '../../lib/routes';
import { startSession } from '../../lib/session';
import { primeUserInfo } from './use-user-info';

/**
 * After login or registration: keep the session, reuse the user we got, go back to the page an expired session
 * left (lib/return-to.ts), else to the publishing entry.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  return useCallback(
    (user: UserInfo, successText: string, deletionCancelled = false) => {
      // Read before the session starts: the guard sends the login page to the same place as soon as it does.
      const target = peekReturnTo() ?? LOGGED_IN_HOME;
      startSession(user);
      primeUserInfo(user);
      if (successText) feedbackMessage().success(successText);
      // This login ended an account deletion's cooling-off (the account centre): say so, for longer than a toast.
      if (deletionCancelled) lastingMessage().warning(i18n.t('personCenter.leave.cancelledNotice'), 10);
      void navigate(target, { replace: true });
    },
    [navigate],
  );
}
