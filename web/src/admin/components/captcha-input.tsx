import { ReloadOutlined } from '@ant-design/icons';
import { Form, Input, Spin } from 'antd';
import type { CaptchaData } from '../api/session';
import { useAdminT } from '../i18n';

interface CaptchaInputProps {
  /** The id the label points to: the form's name + '_captcha'. */
  inputId: string;
  captcha: CaptchaData | null;
  loading: boolean;
  onRefresh: () => void;
}

/** The picture code: an input and its image; clicking the image (or Enter on it) shows a new one. */
export function CaptchaInput({ inputId, captcha, loading, onRefresh }: CaptchaInputProps) {
  const { t } = useAdminT();
  return (
    <Form.Item label={t('login.captcha')} htmlFor={inputId} required extra={t('login.captchaRefresh')}>
      <div className="admin-captcha-row">
        <Form.Item
          name="captcha"
          noStyle
          rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
        >
          <Input id={inputId} size="large" maxLength={12} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <button
          type="button"
          className="admin-captcha-image"
          onClick={onRefresh}
          disabled={loading}
          aria-label={t('login.captchaRefreshLabel')}
          title={t('login.captchaRefreshLabel')}
        >
          {loading ? (
            <Spin size="small" aria-label={t('login.captchaLoading')} />
          ) : captcha ? (
            <img src={captcha.image} alt={t('login.captcha')} />
          ) : (
            <span className="admin-captcha-failed">
              <ReloadOutlined aria-hidden="true" /> {t('login.captchaLoadFailed')}
            </span>
          )}
        </button>
      </div>
    </Form.Item>
  );
}
