/** A new password and its confirmation, checked against the contract's strength rule: registration and reset. */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRules, newPasswordRules } from './form-rules';

export function NewPasswordFields({
  name,
  label,
}: {
  name: 'password' | 'newpassword';
  label: 'auth.password' | 'auth.newPassword';
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={name} label={t(label)} rules={newPasswordRules(t)}>
        <Input.Password size="large" autoComplete="new-password" placeholder={t('auth.passwordWeak')} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('auth.confirmPassword')}
        dependencies={[name]}
        rules={confirmPasswordRules(t, name)}
      >
        <Input.Password size="large" autoComplete="new-password" placeholder={t('auth.confirmPlaceholder')} />
      </Form.Item>
    </>
  );
}
