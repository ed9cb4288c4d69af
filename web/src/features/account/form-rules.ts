/** Client-side checks of the account forms; the server checks again (contract rules, same texts). */
import { isMainlandMobile } from '@trackline/contract/identifiers';
import { isStrongPassword } from '@trackline/contract/password';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

export const SMS_RESEND_SECONDS = 60;

export function mobileRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('auth.mobileRequired') },
    {
      validator: (_, value: string | undefined) =>
        !value?.trim() || isMainlandMobile(value)
          ? Promise.resolve()
          : Promise.reject(new Error(t('auth.mobileInvalid'))),
    },
  ];
}

export function smsCodeRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('auth.smsCodeRequired') },
    { pattern: /^\s*\d{6}\s*$/, message: t('auth.smsCodeInvalid') },
  ];
}

/** A new password: at least 8 characters with letters and digits (contract/password.ts). */
export function newPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('auth.passwordRequired') },
    {
      validator: (_, value: string | undefined) =>
        !value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(t('auth.passwordWeak'))),
    },
  ];
}

export function confirmPasswordRules(t: TFunction, passwordField: string): FormRule[] {
  return [
    { required: true, message: t('auth.passwordRequired') },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || getFieldValue(passwordField) === value
          ? Promise.resolve()
          : Promise.reject(new Error(t('auth.confirmMismatch'))),
    }),
  ];
}
