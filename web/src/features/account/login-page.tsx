/** /login: password or SMS-code login (spec §2); success goes to the publishing entry. */
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthShell } from './auth-shell';
import { PasswordLoginForm } from './password-login-form';
import { SmsLoginForm } from './sms-login-form';

export default function LoginPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('password');
  return (
    <AuthShell
      title={t('routes.login')}
      footer={
        <>
          <span>
            {t('auth.noAccount')} <Link to="/register/single">{t('auth.goRegister')}</Link>
          </span>
          <Link to="/register/findpwd">{t('auth.forgotPassword')}</Link>
        </>
      }
    >
      {/* Only the active form is in the page: labels stay unique for assistive tech (and tests). */}
      <Tabs
        destroyOnHidden
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'password', label: t('auth.passwordTab'), children: <PasswordLoginForm /> },
          { key: 'sms', label: t('auth.smsTab'), children: <SmsLoginForm /> },
        ]}
      />
    </AuthShell>
  );
}
