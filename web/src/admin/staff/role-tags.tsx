import { STAFF_ROLES, type StaffRole } from '@trackline/contract/staff';
import { Tag } from 'antd';
import { useAdminT } from '../i18n';

const ROLE_COLORS: Record<StaffRole, string> = {
  admin: 'purple',
  editor: 'blue',
  finance: 'gold',
  support: 'green',
  content: 'cyan',
};

/** The roles as tags, always in the same order (admin first), with their translated names. */
export function RoleTags({ roles }: { roles: readonly StaffRole[] }) {
  const { t } = useAdminT();
  const ordered = STAFF_ROLES.filter((role) => roles.includes(role));
  return (
    <span className="admin-role-tags">
      {ordered.map((role) => (
        <Tag key={role} color={ROLE_COLORS[role]}>
          {t(`roles.${role}`)}
        </Tag>
      ))}
    </span>
  );
}

/** The options of a roles picker. */
export function useRoleOptions(): { value: StaffRole; label: string }[] {
  const { t } = useAdminT();
  return STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
}
