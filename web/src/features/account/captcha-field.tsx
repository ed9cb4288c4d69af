import { ReloadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_FIELD, type CaptchaState } from './use-captcha';

interface CaptchaInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  state: CaptchaState;
}

/**
 * Input, then the picture (200×64, shown at its own size so it stays sharp) with a labelled refresh button beside it:
 * the picture is meant to be hard for scripts, so asking for another one must be easy for people.
 */
function CaptchaInput({ id, value, onChange, state }: CaptchaInputProps) {
  const { t } = useTranslation();
  return (
    <div className="captcha-control">
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={t('auth.captchaPlaceholder')}
        autoComplete="off"
        spellCheck={false}
        maxLength={12}
        size="large"
        autoFocus
      />
      <div className="captcha-picture">
        <div className="captcha-image" aria-busy={state.loading}>
          {state.loading || !state.captcha ? (
            <Spin size="small" />
          ) : (
            <img src={state.captcha.image} alt={t('auth.captchaAlt')} width={200} height={64} />
          )}
        </div>
        <Button icon={<ReloadOutlined />} onClick={() => void state.refresh()} disabled={state.loading}>
          {t('auth.captchaRefresh')}
        </Button>
      </div>
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
