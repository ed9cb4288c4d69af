/**
 * Query keys shared across features. Keys starting with 'site' are not the user's and survive logout
 * (see endSessionLocally); everything else is dropped with the session.
 */
export const QUERY_KEYS = {
  userInfo: ['account', 'user-info'],
  unreadCount: ['messages', 'unread-count'],
} as const;
