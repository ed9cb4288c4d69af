import { formatDate } from '@trackline/contract/format';
import type { MessageItem } from '@trackline/contract/messages-types';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Only a path of this portal is followed (never another site, nor a protocol-relative //host). */
function isPortalPath(link: string | null): link is string {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//');
}

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
        {isPortalPath(message.link) && (
          <p className="message-item__link">
            <Link to={message.link}>{t('messages.viewLink')}</Link>
          </p>
        )}
      </div>
    </li>
  );
}
