/**
 * The logged-in end of the header: work orders, message bell, language, user menu. A chunk of its own
 * (Dropdown, Menu, Badge, Avatar, inside its own antd scope) so visitors' first download does not carry it.
 */
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserMenu } from '../../features/account/user-menu';
import { MessageBell } from '../../features/messages/message-bell';
import { AntdScope } from '../antd-scope';
import { LanguageSwitch } from './language-switch';

export default function UserActions() {
  const { t } = useTranslation();
  return (
    <AntdScope>
      <Link to="/gongdan/list" className="header-icon-button" title={t('user.workOrders')}>
        <FileTextOutlined aria-hidden="true" />
        <span className="header-icon-button__label--collapsible">{t('user.workOrders')}</span>
      </Link>
      <MessageBell />
      <LanguageSwitch />
      <UserMenu />
    </AntdScope>
  );
}
