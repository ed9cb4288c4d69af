/**
 * The console shell: a side menu of the sections the member's roles allow, and a header with the
 * member's name, the language switch and "log out".
 */
import { MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Layout, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useAdminT } from '../i18n';
import { ADMIN_LOGIN } from '../paths';
import { sectionForPath, sectionHref, visibleSections } from '../sections';
import { useCurrentStaff } from './current-staff';
import { LanguageButton } from './language-button';
import { useStaffLogout } from './session-api';

export function AdminShell() {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const staff = useCurrentStaff();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useStaffLogout();
  const [collapsed, setCollapsed] = useState(false);

  const sections = visibleSections(staff);
  const items = useMemo<MenuProps['items']>(
    () =>
      sections.map((section) => ({
        key: section.key,
        icon: section.icon,
        // A real link (middle-click, "link" for screen readers); Enter on the item is handled by onClick.
        label: <Link to={sectionHref(section)}>{t(section.label)}</Link>,
      })),
    [sections, t],
  );
  const selected = sectionForPath(pathname);

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    const section = sections.find((item) => item.key === key);
    if (section && sectionHref(section) !== pathname) navigate(sectionHref(section));
  };

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: (answer) => {
        message.success(answer.msg || t('shell.loggedOut'));
        navigate(ADMIN_LOGIN, { replace: true });
      },
    });

  return (
    <Layout className="admin-layout" hasSider>
      <a className="skip-link" href="#admin-main">
        {t('shell.skipToContent')}
      </a>
      <Layout.Sider
        className="admin-sider"
        collapsible
        collapsed={collapsed}
        trigger={null}
        breakpoint="lg"
        onBreakpoint={setCollapsed}
        width={220}
        collapsedWidth={64}
      >
        <div className="admin-brand" title={t('shell.consoleName')}>
          {collapsed ? 'TL' : t('shell.consoleName')}
        </div>
        <nav aria-label={t('shell.nav')}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selected ? [selected.key] : []}
            items={items}
            onClick={onMenuClick}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined aria-hidden="true" /> : <MenuFoldOutlined aria-hidden="true" />}
            aria-label={collapsed ? t('shell.expandMenu') : t('shell.collapseMenu')}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((value) => !value)}
          />
          <div className="admin-header-right">
            <LanguageButton />
            <span className="admin-member" title={t('shell.currentMember', { name: staff.name })}>
              <UserOutlined aria-hidden="true" />
              <span>{staff.name}</span>
            </span>
            <Button onClick={onLogout} loading={logout.isPending}>
              {t('shell.logout')}
            </Button>
          </div>
        </Layout.Header>
        <Layout.Content id="admin-main" className="admin-content" tabIndex={-1}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
