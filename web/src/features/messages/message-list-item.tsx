import { formatDate } from '@trackline/contract/format';
import type { MessageItem } from '@trackline/contract/messages-types';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface MessageListItemProps {
  message: MessageItem;
  expanded: boolean;
  onToggle: () => void;
}

/** One message: a button (title, date, unread dot) that expands its plain-text content. */
export function MessageListItem({ message, expanded, onToggle }: MessageListItemProps) {
  const { t } = useTranslation();
  const contentId = useId();
  const unread = message.read === 0;
  return (
    <li className={unread ? 'message-item message-item--unread' : 'message-item'}>
      <button
        type="button"
        className="message-item__head"
        aria-expanded={expanded}
        aria-controls={contentId}
        onClick={onToggle}
      >
        <span className="message-item__dot" aria-hidden="true" />
        {unread && <span className="visually-hidden">{t('messages.unreadMark')}</span>}
        <span className="message-item__title">{message.title}</span>
        <time className="message-item__date" dateTime={message.created_at}>
          {formatDate(message.created_at, true)}
        </time>
      </button>
      <div id={contentId} className="message-item__content" hidden={!expanded}>
        {message.content}
      </div>
    </li>
  );
}
