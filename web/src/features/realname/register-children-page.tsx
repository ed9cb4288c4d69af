/**
 * /register/children (spec §1–2): a minor registers with the guardian — the minor's mobile and code, the guardian's
 * mobile and code, a password, and the guardian's agreement to the minors' terms. Then the guardian completes the
 * information supplement at /realidcation before works can be submitted.
 */
import { compactMobile } from '@trackline/contract/identifiers';
import { MINOR_TERMS_VERSION } from '@trackline/contract/realname';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PLATFORM_AGREEMENT_ROUTE } from '../../lib/routes';
import { AuthShell } from '../account/auth-shell';
import { CaptchaField } from '../account/captcha-field';
import { mobileRules } from '../account/form-rules';
import { NewPasswordFields } from '../account/new-password-fields';
import { SmsCodeField } from '../account/sms-code-field';
import { useCaptcha } from '../account/use-captcha';
import { useCompleteLogin } from '../account/use-complete-login';
import { registerChildrenRequest } from './realname-api';
import './realname.css';

interface Values {
  mobile: string;
  code: string;
  guardian_mobile: string;
  guardian_code: string;
  password: string;
  confirm: string;
  nickname?: string;
  agreement: boolean;
}

export default function RegisterChildrenPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const completeLogin = useCompleteLogin();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    try {
      const answer = await registerChildrenRequest({
        mobile: compactMobile(values.mobile),
        code: values.code.trim(),
        guardian_mobile: compactMobile(values.guardian_mobile),
        guardian_code: values.guardian_code.trim(),
        password: values.password,
        nickname: values.nickname?.trim() || undefined,
        agree_minor_terms: true,
        terms_version: MINOR_TERMS_VERSION,
      });
      completeLogin(answer.data.userinfo, answer.msg || t('auth.registerSuccess'));
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell
      title={t('realname.registerChildrenTitle')}
      subtitle={t('realname.registerChildrenSubtitle')}
      footer={
        <span>
          {t('auth.haveAccount')} <Link to="/login">{t('auth.goLogin')}</Link>
        </span>
      }
    >
      <Form
        form={form}
        name="register-children"
        layout="vertical"
        requiredMark={false}
        initialValues={{ agreement: false }}
        onFinish={onFinish}
      >
        <Form.Item name="mobile" label={t('realname.minorMobile')} rules={mobileRules(t)}>
          <Input size="large" type="tel" autoComplete="tel" placeholder={t('auth.mobilePlaceholder')} />
        </Form.Item>
        <CaptchaField state={captcha} />
        <SmsCodeField form={form} event="register" captcha={captcha} />
        <Form.Item name="guardian_mobile" label={t('realname.guardianMobile')} rules={mobileRules(t)}>
          <Input size="large" type="tel" autoComplete="off" placeholder={t('auth.mobilePlaceholder')} />
        </Form.Item>
        <SmsCodeField
          form={form}
          event="guardian"
          captcha={captcha}
          mobileField="guardian_mobile"
          name="guardian_code"
          label={t('realname.guardianCode')}
        />
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
                  checked ? Promise.resolve() : Promise.reject(new Error(t('realname.minorTermsRequired'))),
              },
            ]}
          >
            <Checkbox>{t('realname.minorTerms')}</Checkbox>
          </Form.Item>
          <a className="agreement-link" href={PLATFORM_AGREEMENT_ROUTE} target="_blank" rel="noopener noreferrer">
            {t('auth.agreementLink')}
          </a>
        </Form.Item>
        <p className="realname-note">{t('realname.pipl')}</p>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('auth.submitRegister')}
        </Button>
      </Form>
    </AuthShell>
  );
}
