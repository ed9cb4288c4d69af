import { Form, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_FIELD, type CaptchaState } from './use-captcha';

interface CaptchaInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  state: CaptchaState;
}

/** Input plus the image; the image is a button because clicking it fetches a new one. */
function CaptchaInput({ id, value, onChange, state }: CaptchaInputProps) {
  const { t } = useTranslation();
  return (
    <div className="inline-control">
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={t('auth.captchaPlaceholder')}
        autoComplete="off"
        maxLength={12}
        size="large"
        autoFocus
      />
      <button
        type="button"
        className="captcha-image"
        onClick={() => void state.refresh()}
        aria-label={t('auth.captchaRefresh')}
        title={t('auth.captchaRefresh')}
      >
        {state.loading || !state.captcha ? (
          <Spin size="small" />
        ) : (
          <img src={state.captcha.image} alt={t('auth.captchaAlt')} />
        )}
      </button>
    </div>
  );
}

/** Shown only while the server wants a picture code (see use-captcha.ts). */
export function CaptchaField({ state }: { state: CaptchaState }) {
  const { t } = useTranslation();
  if (!state.required) return null;
  return (
    <Form.Item
      name={CAPTCHA_FIELD}
      label={t('auth.captcha')}
      rules={[{ required: true, whitespace: true, message: t('auth.captchaRequired') }]}
    >
      <CaptchaInput state={state} />
    </Form.Item>
  );
}
