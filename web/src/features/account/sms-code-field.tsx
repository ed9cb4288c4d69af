/**
 * The SMS code field with its "get code" button and 60 s countdown. Sending validates the mobile field
 * (and the picture code when one is shown) first; the server may ask for a picture code (2002).
 */
import type { SmsEvent } from '@trackline/contract/account';
import { compactMobile } from '@trackline/contract/identifiers';
import { Button, Form, type FormInstance, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackMessage } from '../../lib/antd-feedback';
import { sendSmsCode } from './account-api';
import { SMS_RESEND_SECONDS, smsCodeRules } from './form-rules';
import { CAPTCHA_FIELD, type CaptchaState, callWithCaptcha } from './use-captcha';
import { useCountdown } from './use-countdown';

interface SmsCodeInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  onSend: () => void;
  sending: boolean;
  remaining: number;
}

function SmsCodeInput({ id, value, onChange, onSend, sending, remaining }: SmsCodeInputProps) {
  const { t } = useTranslation();
  return (
    <div className="inline-control">
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={t('auth.smsCodePlaceholder')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        size="large"
      />
      <Button size="large" onClick={onSend} loading={sending} disabled={remaining > 0} className="sms-button">
        {remaining > 0 ? t('auth.resendIn', { seconds: String(remaining) }) : t('auth.getCode')}
      </Button>
    </div>
  );
}

interface SmsCodeFieldProps {
  form: FormInstance;
  event: SmsEvent;
  captcha: CaptchaState;
  mobileField?: string;
  /** The code's own field (two codes on one form: the account centre's mobile change, the guardian's at /register/children). */
  name?: string;
  label?: string;
}

export function SmsCodeField({
  form,
  event,
  captcha,
  mobileField = 'mobile',
  name = 'code',
  label,
}: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    try {
      await form.validateFields(captcha.required ? [mobileField, CAPTCHA_FIELD] : [mobileField]);
    } catch {
      return; // the fields show what is wrong
    }
    setSending(true);
    const mobile = compactMobile(String(form.getFieldValue(mobileField)));
    const answer = await callWithCaptcha(form, captcha, (fields) => sendSmsCode({ mobile, event, ...fields }));
    setSending(false);
    if (answer) {
      start(SMS_RESEND_SECONDS);
      feedbackMessage().success(answer.msg || t('auth.codeSent'));
    }
  };

  return (
    <Form.Item name={name} label={label ?? t('auth.smsCode')} rules={smsCodeRules(t)}>
      <SmsCodeInput onSend={() => void send()} sending={sending} remaining={remaining} />
    </Form.Item>
  );
}
