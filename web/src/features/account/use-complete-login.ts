import type { UserInfo } from '@trackline/contract/account';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { feedbackMessage } from '../../lib/antd-feedback';
import { LOGGED_IN_HOME } from '../../lib/routes';
import { startSession } from '../../lib/session';
import { primeUserInfo } from './use-user-info';

/** After login or registration: keep the session, reuse the user we got, go to the publishing entry. */
export function useCompleteLogin() {
  const navigate = useNavigate();
  return useCallback(
    (user: UserInfo, successText: string) => {
      startSession(user);
      primeUserInfo(user);
      if (successText) feedbackMessage().success(successText);
      void navigate(LOGGED_IN_HOME, { replace: true });
    },
    [navigate],
  );
}
