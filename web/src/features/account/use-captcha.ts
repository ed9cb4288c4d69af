/**
 * The picture code: hidden until the server asks for one (code 2002), then shown with a fresh image.
 * A code is single use, so after any call that carried one and failed, a new image is fetched.
 */
import { errorCatalogue } from '@trackline/contract/errors';
import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { isApiError, showApiError } from '../../api/client';
import { i18n } from '../../i18n';
import { feedbackMessage } from '../../lib/antd-feedback';
import { type CaptchaData, fetchCaptcha } from './account-api';

export const CAPTCHA_FIELD = 'captcha';

export interface CaptchaState {
  required: boolean;
  captcha: CaptchaData | null;
  loading: boolean;
  refresh: () => Promise<void>;
  dismiss: () => void;
}

export interface CaptchaFields {
  captcha_id?: string;
  captcha?: string;
}

export function useCaptcha(): CaptchaState {
  const [required, setRequired] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaData | null>(null);
  const [loading, setLoading] = useState(false);

  const refresh = useCallback(async () => {
    setRequired(true);
    setLoading(true);
    try {
      const answer = await fetchCaptcha();
      setCaptcha(answer.data);
    } catch (error) {
      showApiError(error);
    } finally {
      setLoading(false);
    }
  }, []);

  const dismiss = useCallback(() => {
    setRequired(false);
    setCaptcha(null);
  }, []);

  return { required, captcha, loading, refresh, dismiss };
}

/**
 * Runs a call that the server may want a picture code for. Resolves with the answer, or undefined when
 * the call failed and the user has been told (captcha shown or refreshed, or the standard error modal).
 */
export async function callWithCaptcha<T>(
  form: FormInstance,
  state: CaptchaState,
  call: (fields: CaptchaFields) => Promise<T>,
): Promise<T | undefined> {
  const fields: CaptchaFields =
    state.required && state.captcha
      ? { captcha_id: state.captcha.captcha_id, captcha: String(form.getFieldValue(CAPTCHA_FIELD) ?? '').trim() }
      : {};
  try {
    const answer = await call(fields);
    if (state.required) state.dismiss();
    form.setFieldValue(CAPTCHA_FIELD, undefined);
    return answer;
  } catch (error) {
    const code = isApiError(error) ? error.code : undefined;
    if (
      code === errorCatalogue.CAPTCHA_REQUIRED.code ||
      code === errorCatalogue.CAPTCHA_WRONG.code ||
      fields.captcha_id
    ) {
      form.setFieldValue(CAPTCHA_FIELD, undefined);
      await state.refresh();
    }
    if (code === errorCatalogue.CAPTCHA_REQUIRED.code) {
      feedbackMessage().warning((isApiError(error) && error.msg) || i18n.t('auth.captchaNeeded'));
    } else if (code === errorCatalogue.CAPTCHA_WRONG.code) {
      feedbackMessage().error(isApiError(error) ? error.msg : '');
    } else {
      showApiError(error);
    }
    return undefined;
  }
}
