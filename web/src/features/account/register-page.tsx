/**
 * /register/single: individual or enterprise registration (group_id 1 or 2; a company name is required
 * for enterprises). Success logs the new user in and goes to the publishing entry.
 */
import type { RegisterBody } from '@trackline/contract/account';
import { GROUP_ENTERPRISE, GROUP_INDIVIDUAL } from '@trackline/contract/account-groups';
import { compactMobile } from '@trackline/contract/identifiers';
import { Button, Checkbox, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PLATFORM_AGREEMENT_ROUTE } from '../../lib/routes';
import { registerRequest } from './account-api';
import { AuthShell } from './auth-shell';
import { CaptchaField } from './captcha-field';
import { mobileRules } from './form-rules';
import { NewPasswordFields } from './new-password-fields';
import { SmsCodeField } from './sms-code-field';
import { useCaptcha } from './use-captcha';
import { useCompleteLogin } from './use-complete-login';

interface RegisterValues {
  group_id: 1 | 2;
  company_name?: string;
  mobile: string;
  code: string;
  password: string;
  confirm: string;
  nickname?: string;
  agreement: boolean;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const groupId = Form.useWatch('group_id', form);
  const captcha = useCaptcha();
  const completeLogin = useCompleteLogin();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: RegisterValues) => {
    const body: RegisterBody = {
      mobile: compactMobile(values.mobile),
      code: values.code.trim(),
      password: values.password,
      nickname: values.nickname?.trim() || undefined,
      group_id: values.group_id,
      company_name: values.group_id === GROUP_ENTERPRISE ? values.company_name?.trim() : undefined,
    };
    setSubmitting(true);
    try {
      const answer = await registerRequest(body);
      completeLogin(answer.data.userinfo, answer.msg || t('auth.registerSuccess'));
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell
      title={t('auth.registerTitle')}
      subtitle={t('auth.registerSubtitle')}
      footer={
        <span>
          {t('auth.haveAccount')} <Link to="/login">{t('auth.goLogin')}</Link>
          {' · '}
          <Link to="/register/children">{t('realname.registerChildrenLink')}</Link>
        </span>
      }
    >
      <Form
        form={form}
        name="register"
        layout="vertical"
        requiredMark={false}
        initialValues={{ group_id: GROUP_INDIVIDUAL, agreement: false }}
        onFinish={onFinish}
      >
        <Form.Item name="group_id" label={t('auth.accountType')}>
          <Radio.Group aria-label={t('auth.accountType')}>
            <Radio value={GROUP_INDIVIDUAL}>{t('auth.individual')}</Radio>
            <Radio value={GROUP_ENTERPRISE}>{t('auth.enterprise')}</Radio>
          </Radio.Group>
        </Form.Item>
        {groupId === GROUP_ENTERPRISE && (
          <Form.Item
            name="company_name"
            label={t('auth.companyName')}
            rules={[{ required: true, whitespace: true, message: t('auth.companyRequired') }, { max: 100 }]}
          >
            <Input size="large" autoComplete="organization" placeholder={t('auth.companyPlaceholder')} />
          </Form.Item>
        )}
        <Form.Item name="mobile" label={t('auth.mobile')} rules={mobileRules(t)}>
          <Input size="large" type="tel" autoComplete="tel" placeholder={t('auth.mobilePlaceholder')} />
        </Form.Item>
        <CaptchaField state={captcha} />
        <SmsCodeField form={form} event="register" captcha={captcha} />
        <NewPasswordFields name="password" label="auth.password" />
        <Form.Item name="nickname" label={t('auth.nickname')} rules={[{ max: 32 }]}>
          <Input size="large" autoComplete="nickname" placeholder={t('auth.nicknamePlaceholder')} />
        </Form.Item>
        <Form.Item>
          <Form.Item
            name="agreement"
            valuePropName="checked"
            noStyle
            rules={[
              {
                validator: (_, checked: boolean) =>
                  checked ? Promise.resolve() : Promise.reject(new Error(t('auth.agreementRequired'))),
              },
            ]}
          >
            <Checkbox>{t('auth.agreementPrefix')}</Checkbox>
          </Form.Item>
          {/* Outside the checkbox's label, so following the link does not tick the box. */}
          <a className="agreement-link" href={PLATFORM_AGREEMENT_ROUTE} target="_blank" rel="noopener noreferrer">
            {t('auth.agreementLink')}
          </a>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('auth.submitRegister')}
        </Button>
      </Form>
    </AuthShell>
  );
}
