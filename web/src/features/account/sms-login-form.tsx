import { compactMobile } from '@trackline/contract/identifiers';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginRequest } from './account-api';
import { CaptchaField } from './captcha-field';
import { mobileRules } from './form-rules';
import { SmsCodeField } from './sms-code-field';
import { callWithCaptcha, useCaptcha } from './use-captcha';
import { useCompleteLogin } from './use-complete-login';

interface SmsLoginValues {
  mobile: string;
  code: string;
}

/** Mobile + SMS code (event mobilelogin). */
export function SmsLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SmsLoginValues>();
  const captcha = useCaptcha();
  const completeLogin = useCompleteLogin();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: SmsLoginValues) => {
    setSubmitting(true);
    const answer = await callWithCaptcha(form, captcha, (fields) =>
      loginRequest({ mobile: compactMobile(values.mobile), code: values.code.trim(), ...fields }),
    );
    setSubmitting(false);
    if (answer)
      completeLogin(answer.data.userinfo, answer.msg || t('auth.loginSuccess'), answer.data.deletion_cancelled);
  };

  return (
    <Form form={form} name="login-sms" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <Form.Item name="mobile" label={t('auth.mobile')} rules={mobileRules(t)}>
        <Input size="large" type="tel" autoComplete="tel" placeholder={t('auth.mobilePlaceholder')} />
      </Form.Item>
      <CaptchaField state={captcha} />
      <SmsCodeField form={form} event="mobilelogin" captcha={captcha} />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {t('auth.submitLogin')}
      </Button>
    </Form>
  );
}
