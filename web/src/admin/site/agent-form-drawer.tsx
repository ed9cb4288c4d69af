/** Create or edit a site in a drawer: every field of the site configuration, images by upload. */
import type { AgentInfo } from '@trackline/contract/site';
import { App, Button, Drawer, Form, Input, Space } from 'antd';
import { useAdminT } from '../i18n';
import { ImageUploadField } from '../shell/image-upload-field';
import { applyServerError } from '../shell/server-field-errors';
import { useSaveAgent } from './agents-api';
import { type AgentFormValues, EMPTY_AGENT, toAgentBody, useAgentFieldGroups } from './use-agent-fields';
import './agent-form.css';

const FORM_ID = 'agent-form';
const CODE_DOMAIN_TAKEN = 2050;

interface AgentFormDrawerProps {
  open: boolean;
  /** The site being edited; null creates a new one. */
  agent: AgentInfo | null;
  onClose: () => void;
}

function initialValues(agent: AgentInfo | null): AgentFormValues {
  if (!agent) return EMPTY_AGENT;
  const { id: _id, ...values } = agent;
  return { ...EMPTY_AGENT, ...values };
}

export function AgentFormDrawer({ open, agent, onClose }: AgentFormDrawerProps) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const [form] = Form.useForm<AgentFormValues>();
  const save = useSaveAgent();
  const groups = useAgentFieldGroups();

  const onFinish = (values: AgentFormValues) =>
    save.mutate(
      { ...(agent ? { id: agent.id } : {}), ...toAgentBody(values) },
      {
        onSuccess: (answer) => {
          message.success(answer.msg || t('common.saved'));
          onClose();
        },
        onError: (error) => applyServerError(form, error, { [CODE_DOMAIN_TAKEN]: 'domain' }),
      },
    );

  return (
    <Drawer
      open={open}
      title={agent ? `${t('agents.editTitle')} · ${agent.domain}` : t('agents.createTitle')}
      width="min(640px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space className="admin-drawer-footer">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form<AgentFormValues>
        key={agent?.id ?? 'new'}
        form={form}
        name={FORM_ID}
        layout="vertical"
        initialValues={initialValues(agent)}
        onFinish={onFinish}
        scrollToFirstError
      >
        {groups.map((group) => (
          <fieldset key={group.title} className="admin-fieldset">
            <legend>{t(group.title)}</legend>
            {group.fields.map((field) => (
              <Form.Item
                key={field.name}
                name={field.name}
                label={t(field.label)}
                rules={field.rules}
                extra={field.help ? t(field.help) : undefined}
              >
                {field.kind === 'image' ? (
                  <ImageUploadField label={t(field.label)} />
                ) : (
                  <Input maxLength={field.max} autoComplete="off" />
                )}
              </Form.Item>
            ))}
          </fieldset>
        ))}
      </Form>
    </Drawer>
  );
}
