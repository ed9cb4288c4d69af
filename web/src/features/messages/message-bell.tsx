import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SYSTEM_MESSAGE_ROUTE } from '../../lib/routes';
import { useUnreadCount } from './use-unread-count';

/** The header bell (spec §2): links to system messages, with the unread count as a badge. */
export function MessageBell() {
  const { t } = useTranslation();
  const count = useUnreadCount();
  return (
    <Link
      to={SYSTEM_MESSAGE_ROUTE}
      className="header-icon-button"
      aria-label={t('user.messages')}
      title={t('user.messages')}
    >
      <Badge count={count} size="small" overflowCount={99} offset={[4, -2]}>
        <BellOutlined aria-hidden="true" style={{ fontSize: 18, color: 'inherit' }} />
      </Badge>
    </Link>
  );
}
