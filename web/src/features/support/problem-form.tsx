/**
 * The problem feedback form of spec §5, on /guest/q-a and /help-center/q-a. It validates itself before
 * sending. A logged-in user's empty mobile falls back to their username (the mobile number); a visitor must
 * give one (the server needs someone to answer). Success shows the server's msg and resets the form; a
 * failure only ends the loading state (the API client already showed the modal).
 */
import type { UserInfo } from '@trackline/contract/account';
import { PROBLEM_CONTENT_MAX } from '@trackline/contract/content-types';
import { compactMobile } from '@trackline/contract/identifiers';
import { App, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../lib/query-client';
import { QUERY_KEYS } from '../../lib/query-keys';
import { currentUser, useLoggedIn } from '../../lib/session';
import { submitProblem } from './problem-api';
import { problemRules } from './problem-rules';
import { PROBLEM_TYPE_OPTIONS } from './problem-types';
import './problem-form.css';

interface ProblemValues {
  type: number;
  content: string;
  mobile?: string;
}

/** The cached session user (features/account keeps it under QUERY_KEYS.userInfo and in storage). */
function cachedUsername(): string {
  const user = queryClient.getQueryData<UserInfo>(QUERY_KEYS.userInfo) ?? currentUser();
  return user?.username?.trim() ?? '';
}

export function ProblemForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProblemValues>();
  const loggedIn = useLoggedIn();
  const [submitting, setSubmitting] = useState(false);
  const rules = problemRules(t, loggedIn);

  const onFinish = async (values: ProblemValues) => {
    const typed = values.mobile?.trim();
    const mobile = typed ? compactMobile(typed) : loggedIn ? cachedUsername() : '';
    setSubmitting(true);
    try {
      const answer = await submitProblem({
        type: values.type,
        content: values.content.trim(),
        ...(mobile ? { mobile } : {}),
      });
      void message.success(answer.msg || t('problem.success'));
      form.resetFields();
    } catch {
      // The API client already showed the server's message (spec §8): only the loading state ends.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="problem-form" aria-labelledby="problem-form-title">
      <h2 id="problem-form-title" className="problem-form__title">
        {t('problem.title')}
      </h2>
      <p className="problem-form__intro">{t('problem.intro')}</p>
      <Form form={form} name="problem" layout="vertical" requiredMark onFinish={onFinish}>
        <Form.Item name="type" label={t('problem.type')} rules={rules.type}>
          <Select
            placeholder={t('problem.typePlaceholder')}
            options={PROBLEM_TYPE_OPTIONS.map((option) => ({
              value: option.value,
              label: t(`problem.types.${option.key}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="content" label={t('problem.content')} rules={rules.content}>
          <Input.TextArea
            rows={5}
            showCount
            maxLength={PROBLEM_CONTENT_MAX}
            placeholder={t('problem.contentPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="mobile" label={t('problem.mobile')} rules={rules.mobile}>
          <Input
            type="tel"
            autoComplete="tel"
            maxLength={20}
            placeholder={loggedIn ? t('problem.mobilePlaceholder') : t('problem.mobilePlaceholderGuest')}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('problem.submit')}
        </Button>
      </Form>
    </section>
  );
}
