import type { UserInfo } from '@trackline/contract/account';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { feedbackMessage } from '../../lib/antd-feedback';
import { takeReturnTo } from '../../lib/return-to';
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
    (user: UserInfo, successText: string) => {
      startSession(user);
      primeUserInfo(user);
      if (successText) feedbackMessage().success(successText);
      void navigate(takeReturnTo() ?? LOGGED_IN_HOME, { replace: true });
    },
    [navigate],
  );
}
