/** The console's start page: who is logged in, with which roles, and the sections they can open. */
import { Card, Descriptions, Typography } from 'antd';
import { Link } from 'react-router';
import { useAdminT } from '../i18n';
import { sectionHref, visibleSections } from '../sections';
import { RoleTags } from '../staff/role-tags';
import { useCurrentStaff } from './current-staff';
import { PageHeader } from './page-header';

export default function DashboardPage() {
  const { t } = useAdminT();
  const staff = useCurrentStaff();
  const sections = visibleSections(staff).filter((section) => section.path !== '');

  return (
    <>
      <PageHeader title={t('dashboard.welcome', { name: staff.name })} documentTitle={t('menu.dashboard')} />
      <Card>
        <Descriptions column={1}>
          <Descriptions.Item label={t('dashboard.usernameLabel')}>{staff.username}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.rolesLabel')}>
            <RoleTags roles={staff.roles} />
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" className="admin-dashboard-intro">
          {sections.length > 0 ? t('dashboard.intro') : t('dashboard.introNoSections')}
        </Typography.Paragraph>
        {sections.length > 0 && (
          <ul className="admin-dashboard-links">
            {sections.map((section) => (
              <li key={section.key}>
                <Link to={sectionHref(section)} className="admin-dashboard-link">
                  {section.icon}
                  <span>{t(section.label)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
