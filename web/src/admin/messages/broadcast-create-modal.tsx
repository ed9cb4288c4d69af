/** "New broadcast": audience, then title and content; sending asks for confirmation first. */
import type { BroadcastBody } from '@trackline/contract/messages';
import { type BroadcastAudience, MESSAGE_CONTENT_MAX, MESSAGE_TITLE_MAX } from '@trackline/contract/messages-types';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useAdminT } from '../i18n';
import { useAgentList } from '../site/agents-api';
import { applyServerField } from './broadcast-field-errors';
import { useSendBroadcast } from './broadcasts-api';

const FORM_ID = 'broadcast-create';

interface BroadcastValues {
  audience: BroadcastAudience;
  agent_id?: number;
  mobile?: string;
  title: string;
  content: string;
}

export function BroadcastCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useAdminT();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<BroadcastValues>();
  const audience = Form.useWatch('audience', form);
  const send = useSendBroadcast();
  const agents = useAgentList();

  const submit = (values: BroadcastValues) => {
    const body: BroadcastBody = {
      audience: values.audience,
      title: values.title.trim(),
      content: values.content.trim(),
      ...(values.audience === 'agent' && values.agent_id ? { agent_id: values.agent_id } : {}),
      ...(values.audience === 'user' && values.mobile ? { mobile: values.mobile.trim() } : {}),
    };
    send.mutate(body, {
      onSuccess: (answer) => {
        message.success(answer.msg || t('broadcasts.sent'));
        onClose();
      },
      onError: (error) => applyServerField(form, error),
    });
  };

  const onFinish = (values: BroadcastValues) =>
    modal.confirm({
      title: t('broadcasts.confirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => submit(values),
    });

  const required = (text: string) => [{ required: true, whitespace: true, message: text }];

  return (
    <Modal
      open={open}
      title={t('broadcasts.createTitle')}
      okText={t('broadcasts.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID }}
      confirmLoading={send.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<BroadcastValues>
        form={form}
        name={FORM_ID}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ audience: 'all' }}
      >
        <Form.Item name="audience" label={t('broadcasts.audienceLabel')} rules={[{ required: true }]}>
          <Radio.Group>
            <Radio value="all">{t('broadcasts.audience.all')}</Radio>
            <Radio value="agent">{t('broadcasts.audience.agent')}</Radio>
            <Radio value="user">{t('broadcasts.audience.user')}</Radio>
          </Radio.Group>
        </Form.Item>
        {audience === 'agent' && (
          <Form.Item
            name="agent_id"
            label={t('broadcasts.site')}
            rules={[{ required: true, message: t('broadcasts.siteRequired') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={agents.isPending}
              options={(agents.data ?? []).map((agent) => ({
                value: agent.id,
                label: `${agent.site_title} (${agent.domain})`,
              }))}
            />
          </Form.Item>
        )}
        {audience === 'user' && (
          <Form.Item
            name="mobile"
            label={t('broadcasts.mobile')}
            rules={[
              ...required(t('broadcasts.mobileRequired')),
              { pattern: /^\s*1\d{10}\s*$/, message: t('broadcasts.mobileInvalid') },
            ]}
          >
            <Input inputMode="numeric" autoComplete="off" maxLength={20} />
          </Form.Item>
        )}
        <Form.Item name="title" label={t('broadcasts.titleLabel')} rules={required(t('broadcasts.titleRequired'))}>
          <Input maxLength={MESSAGE_TITLE_MAX} showCount autoComplete="off" />
        </Form.Item>
        <Form.Item name="content" label={t('broadcasts.content')} rules={required(t('broadcasts.contentRequired'))}>
          <Input.TextArea maxLength={MESSAGE_CONTENT_MAX} showCount autoSize={{ minRows: 5, maxRows: 12 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
