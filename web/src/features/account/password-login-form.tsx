import { compactMobile } from '@trackline/contract/identifiers';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginRequest } from './account-api';
import { CaptchaField } from './captcha-field';
import { mobileRules } from './form-rules';
import { callWithCaptcha, useCaptcha } from './use-captcha';
import { useCompleteLogin } from './use-complete-login';

interface PasswordLoginValues {
  account: string;
  password: string;
}

/** The account is the mobile number (spec §3: username is the mobile). */
export function PasswordLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordLoginValues>();
  const captcha = useCaptcha();
  const completeLogin = useCompleteLogin();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: PasswordLoginValues) => {
    setSubmitting(true);
    const answer = await callWithCaptcha(form, captcha, (fields) =>
      loginRequest({ account: compactMobile(values.account), password: values.password, ...fields }),
    );
    setSubmitting(false);
    if (answer)
      completeLogin(answer.data.userinfo, answer.msg || t('auth.loginSuccess'), answer.data.deletion_cancelled);
  };

  return (
    <Form form={form} name="login-password" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <Form.Item name="account" label={t('auth.mobile')} rules={mobileRules(t)}>
        <Input size="large" type="tel" autoComplete="username" placeholder={t('auth.mobilePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.password')}
        rules={[{ required: true, message: t('auth.passwordRequired') }]}
      >
        <Input.Password size="large" autoComplete="current-password" placeholder={t('auth.passwordPlaceholder')} />
      </Form.Item>
      <CaptchaField state={captcha} />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {t('auth.submitLogin')}
      </Button>
    </Form>
  );
}
