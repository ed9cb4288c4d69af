/** /register/findpwd: a new password by SMS code (event resetpwd); success goes back to /login. */
import { compactMobile } from '@trackline/contract/identifiers';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { feedbackMessage } from '../../lib/antd-feedback';
import { LOGIN_ROUTE } from '../../lib/routes';
import { resetPasswordRequest } from './account-api';
import { AuthShell } from './auth-shell';
import { CaptchaField } from './captcha-field';
import { mobileRules } from './form-rules';
import { NewPasswordFields } from './new-password-fields';
import { SmsCodeField } from './sms-code-field';
import { useCaptcha } from './use-captcha';

interface FindPasswordValues {
  mobile: string;
  code: string;
  newpassword: string;
  confirm: string;
}

export default function FindPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<FindPasswordValues>();
  const captcha = useCaptcha();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: FindPasswordValues) => {
    setSubmitting(true);
    try {
      const answer = await resetPasswordRequest({
        mobile: compactMobile(values.mobile),
        code: values.code.trim(),
        newpassword: values.newpassword,
      });
      feedbackMessage().success(answer.msg || t('auth.resetSuccess'));
      void navigate(LOGIN_ROUTE, { replace: true });
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell
      title={t('auth.findPwdTitle')}
      subtitle={t('auth.findPwdSubtitle')}
      footer={<Link to={LOGIN_ROUTE}>{t('auth.backToLogin')}</Link>}
    >
      <Form form={form} name="findpwd" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="mobile" label={t('auth.mobile')} rules={mobileRules(t)}>
          <Input size="large" type="tel" autoComplete="tel" placeholder={t('auth.mobilePlaceholder')} />
        </Form.Item>
        <CaptchaField state={captcha} />
        <SmsCodeField form={form} event="resetpwd" captcha={captcha} />
        <NewPasswordFields name="newpassword" label="auth.newPassword" />
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('auth.submitReset')}
        </Button>
      </Form>
    </AuthShell>
  );
}
