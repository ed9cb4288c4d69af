/** Messages to users. This issue keeps the unread count for the header bell; the messaging issue builds the rest. */
import type { Deps } from '../../platform/deps';
import { insertMessage, unreadCount } from './messages.repository';

export function countUnread(deps: Deps, userId: number): Promise<number> {
  return unreadCount(deps.database.db, userId);
}

/** Used by other modules (welcome message now; work status changes and replies later). */
export function sendToUser(
  deps: Deps,
  userId: number,
  message: { kind: string; title: string; content: string },
): Promise<number> {
  return insertMessage(deps.database.db, { audience: 'user', user_id: userId, ...message });
}
