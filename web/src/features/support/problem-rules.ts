/** The form's own checks (spec §5: it validates before sending); the server checks again. */
import { PROBLEM_CONTENT_MAX } from '@trackline/contract/content-types';
import { isMainlandMobile } from '@trackline/contract/identifiers';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

export const PROBLEM_CONTENT_MIN = 5;

/** A visitor must leave a mobile (there is no account to fall back to); a logged-in user may leave it empty. */
export function problemRules(t: TFunction, loggedIn: boolean) {
  const type: FormRule[] = [{ required: true, message: t('problem.typeRequired') }];
  const content: FormRule[] = [
    { required: true, whitespace: true, message: t('problem.contentRequired') },
    {
      validator: (_, value: string | undefined) => {
        const length = value?.trim().length ?? 0;
        return length === 0 || (length >= PROBLEM_CONTENT_MIN && length <= PROBLEM_CONTENT_MAX)
          ? Promise.resolve()
          : Promise.reject(new Error(t('problem.contentLength')));
      },
    },
  ];
  const mobile: FormRule[] = [
    { required: !loggedIn, whitespace: true, message: t('auth.mobileRequired') },
    {
      validator: (_, value: string | undefined) =>
        !value?.trim() || isMainlandMobile(value)
          ? Promise.resolve()
          : Promise.reject(new Error(t('auth.mobileInvalid'))),
    },
  ];
  return { type, content, mobile };
}
