import { ReloadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Spin } from 'antd';
import { useAdminT } from '../i18n';
import type { CaptchaData } from './session-api';

interface CaptchaInputProps {
  /** The id the label points to: the form's name + '_captcha'. */
  inputId: string;
  captcha: CaptchaData | null;
  loading: boolean;
  onRefresh: () => void;
}

/**
 * The picture code: an input, then the picture (200×64, at its own size) with a labelled refresh button beside it.
 * The picture is meant to be hard for scripts, so asking for another one must be easy for people.
 */
export function CaptchaInput({ inputId, captcha, loading, onRefresh }: CaptchaInputProps) {
  const { t } = useAdminT();
  return (
    <Form.Item label={t('login.captcha')} htmlFor={inputId} required>
      <div className="admin-captcha">
        <Form.Item
          name="captcha"
          noStyle
          rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
        >
          <Input id={inputId} size="large" maxLength={12} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <div className="admin-captcha-row">
          <div className="admin-captcha-image" aria-busy={loading}>
            {loading ? (
              <Spin size="small" aria-label={t('login.captchaLoading')} />
            ) : captcha ? (
              <img src={captcha.image} alt={t('login.captcha')} width={200} height={64} />
            ) : (
              <span className="admin-captcha-failed">{t('login.captchaLoadFailed')}</span>
            )}
          </div>
          <Button icon={<ReloadOutlined aria-hidden="true" />} onClick={onRefresh} disabled={loading}>
            {t('login.captchaRefreshLabel')}
          </Button>
        </div>
      </div>
    </Form.Item>
  );
}
