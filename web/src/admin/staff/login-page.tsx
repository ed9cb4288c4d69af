/**
 * /admin/login: username and password, plus the picture code once the server asks for it (code 2002).
 * Refusals are shown inline, not in a modal. A member who is still logged in goes straight to /admin.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CODE_TRANSPORT, isApiError } from '../../api/client';
import { useAdminT } from '../i18n';
import { ADMIN_BASE } from '../paths';
import { CaptchaInput } from '../shell/captcha-input';
import { LanguageButton } from '../shell/language-button';
import { ADMIN_KEYS } from '../shell/query-keys';
import { type CaptchaData, fetchCaptcha, fetchCurrentStaff, useStaffLogin } from '../shell/session-api';
import { useAdminTitle } from '../shell/use-admin-title';
import './login-page.css';

const FORM_NAME = 'admin-login';
const CODE_CAPTCHA_REQUIRED = 2002;
const CODE_CAPTCHA_WRONG = 2003;

function captchaRequiredBy(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { captcha_required?: unknown }).captcha_required === true
  );
}

interface LoginValues {
  username: string;
  password: string;
  captcha?: string;
}

export default function LoginPage() {
  const { t } = useAdminT();
  useAdminTitle(t('login.pageTitle'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LoginValues>();
  const login = useStaffLogin();
  const [error, setError] = useState<string | null>(null);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaData | null>(null);
  const [captchaLoading, setCaptchaLoading] = useState(false);

  // Already logged in (another tab, a bookmark): no need to log in again.
  useEffect(() => {
    const controller = new AbortController();
    fetchCurrentStaff(controller.signal).then(
      (staff) => {
        queryClient.setQueryData(ADMIN_KEYS.me, staff);
        navigate(ADMIN_BASE, { replace: true });
      },
      () => undefined, // not logged in: stay here
    );
    return () => controller.abort();
  }, [navigate, queryClient]);

  const refreshCaptcha = useCallback(async () => {
    setCaptchaShown(true);
    setCaptchaLoading(true);
    form.setFieldValue('captcha', '');
    try {
      setCaptcha((await fetchCaptcha()).data);
      // The code is what the member has to type next.
      document.getElementById(`${FORM_NAME}_captcha`)?.focus();
    } catch {
      setCaptcha(null);
    } finally {
      setCaptchaLoading(false);
    }
  }, [form]);

  const onFinish = (values: LoginValues) => {
    setError(null);
    const body = {
      username: values.username.trim(),
      password: values.password,
      ...(captchaShown && captcha ? { captcha_id: captcha.captcha_id, captcha: values.captcha?.trim() ?? '' } : {}),
    };
    login.mutate(body, {
      onSuccess: () => navigate(ADMIN_BASE, { replace: true }),
      onError: (failure) => {
        if (!isApiError(failure) || failure.code === CODE_TRANSPORT) {
          setError(t('login.networkError'));
          return;
        }
        setError(failure.msg || t('login.failed'));
        // The server says when the next try needs a picture code (2002/2003, or data.captcha_required after a
        // failure); a code is good for one try, so any refusal after it was shown needs a new one.
        const asked = failure.code === CODE_CAPTCHA_REQUIRED || failure.code === CODE_CAPTCHA_WRONG;
        if (asked || captchaRequiredBy(failure.data) || captchaShown) {
          void refreshCaptcha();
        }
      },
    });
  };

  return (
    <div className="admin-login">
      <div className="admin-login-language">
        <LanguageButton />
      </div>
      <Card className="admin-login-card">
        <h1 className="admin-login-title">{t('login.heading')}</h1>
        <p className="admin-login-subtitle">{t('login.subtitle')}</p>
        {error && <Alert className="admin-login-alert" type="error" showIcon message={error} />}
        <Form<LoginValues> form={form} name={FORM_NAME} layout="vertical" requiredMark={false} onFinish={onFinish}>
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input size="large" autoComplete="username" autoFocus maxLength={64} spellCheck={false} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password size="large" autoComplete="current-password" maxLength={128} />
          </Form.Item>
          {captchaShown && (
            <CaptchaInput
              inputId={`${FORM_NAME}_captcha`}
              captcha={captcha}
              loading={captchaLoading}
              onRefresh={() => void refreshCaptcha()}
            />
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
