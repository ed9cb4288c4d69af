/** Client checks of the staff forms, the same as the server's (contract/staff.ts, contract/password.ts). */
import { isStrongPassword } from '@trackline/contract/password';
import type { FormRule } from 'antd';
import { useAdminT } from '../i18n';

const USERNAME = /^[a-zA-Z0-9_.-]{3,32}$/;

export function useStaffRules() {
  const { t } = useAdminT();
  const username: FormRule[] = [
    { required: true, whitespace: true, message: t('staff.usernameRequired') },
    { pattern: USERNAME, message: t('staff.usernameInvalid') },
  ];
  const name: FormRule[] = [
    { required: true, whitespace: true, message: t('staff.nameRequired') },
    { max: 64, message: t('staff.nameTooLong') },
  ];
  const roles: FormRule[] = [{ required: true, type: 'array', min: 1, message: t('staff.rolesRequired') }];
  /** On edit the password is optional: empty keeps the current one. */
  const password = (required: boolean): FormRule[] => [
    ...(required ? [{ required: true, message: t('staff.passwordRequired') }] : []),
    {
      validator: (_rule, value: string | undefined) =>
        !value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(t('staff.passwordWeak'))),
    },
  ];
  return { username, name, roles, password };
}
