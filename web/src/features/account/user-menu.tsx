/**
 * The user dropdown of spec §2. Items are real links (middle-click works); keyboard selection goes
 * through the menu's onClick, since rc-menu handles Enter itself.
 */
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { REALNAME_PAGES } from '@trackline/contract/realname-paths';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { zhCN } from '../../i18n/zh-cn';
import { formatFen, maskMobile } from '../../lib/format';
import { WORKORDER_LIST_ROUTE } from '../../lib/routes';
import { logout } from './logout';
import { userImageUrl, useUserInfo } from './use-user-info';

const LINKS: Array<{ key: keyof typeof zhCN.user; to: string }> = [
  { key: 'personalCenter', to: '/person-center/information' },
  { key: 'realname', to: REALNAME_PAGES.person },
  { key: 'incomeBill', to: '/person-center/income-bill' },
  { key: 'withdraw', to: '/person-center/withdraw' },
  { key: 'accountSecurity', to: '/person-center/reset-pwd' },
  { key: 'workOrders', to: WORKORDER_LIST_ROUTE },
];

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const name = user?.nickname || (user ? maskMobile(user.username) : '');
  const avatar = user?.avatar ? userImageUrl(user, user.avatar) : undefined;

  const items: MenuProps['items'] = [
    ...LINKS.map((link) => ({
      key: link.key,
      label: (
        <Link to={link.to}>
          {t(`user.${link.key}`)}
          {/* The balance (user_account_info) beside the bill it comes from; -- until money first moves. */}
          {link.key === 'incomeBill' && (
            <span className="user-menu__balance" data-testid="header-balance">
              {' '}
              · {t('user.balance')} {formatFen(user?.user_account_info.balance_fen)}
            </span>
          )}
        </Link>
      ),
    })),
    { type: 'divider' as const },
    { key: 'logout', label: t('user.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    if (key === 'logout') {
      void logout();
      return;
    }
    const link = LINKS.find((item) => item.key === key);
    if (link && domEvent.type === 'keydown') navigate(link.to);
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" autoFocus>
      <button type="button" className="header-icon-button user-menu__trigger" aria-haspopup="menu">
        <Avatar size={28} src={avatar} icon={<UserOutlined />} alt="" />
        <span className="user-menu__name">{name}</span>
        <DownOutlined aria-hidden="true" style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
