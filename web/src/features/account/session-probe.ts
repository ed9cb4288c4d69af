/**
 * "Is this browser logged in?", asked of the server when a page opens (a new tab too): the session token is an
 * HttpOnly cookie the page cannot see, so /api/user/info answers it. One call, shared by every guard that waits for
 * it; after that the answer is kept in lib/session.ts and follows logins, logouts and 1000 answers.
 */
import { sessionStatus, settleSession } from '../../lib/session';
import { fetchUserInfo } from './account-api';

let pending: Promise<boolean> | null = null;

export function sessionKnown(): Promise<boolean> {
  const now = sessionStatus();
  if (now !== 'unknown') return Promise.resolve(now === 'in');
  pending ??= fetchUserInfo()
    .then(
      (answer) => {
        settleSession(answer.data.userinfo);
        return true;
      },
      // A 1000 answer has already ended the session (api/client.ts). A transport failure leaves it unknown: this
      // navigation goes on as a visitor's, and the next one asks again.
      () => false,
    )
    .finally(() => {
      pending = null;
    });
  return pending;
}
