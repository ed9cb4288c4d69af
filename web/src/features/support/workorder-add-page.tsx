/**
 * /gongdan/add: open a work order — type (the nine problem types of spec §5), title, description and up to five
 * attachments. The form checks itself before sending; the server checks again. On success it opens the new order.
 */
import { WORKORDER_CONTENT_MAX, WORKORDER_TITLE_MAX } from '@trackline/contract/workorder-types';
import { App, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { WORKORDER_LIST_ROUTE, workorderDetailRoute } from '../../lib/routes';
import { PROBLEM_TYPE_OPTIONS } from './problem-types';
import { useCreateWorkorder } from './workorder-api';
import { type AttachmentFile, AttachmentUpload, attachmentKeys, attachmentRules } from './workorder-attachments';
import './workorder.css';

interface AddValues {
  type: number;
  title: string;
  content: string;
  attachments?: AttachmentFile[];
}

export default function WorkorderAddPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<AddValues>();
  const create = useCreateWorkorder();

  const onFinish = async (values: AddValues) => {
    try {
      const answer = await create.mutateAsync({
        type: values.type,
        title: values.title.trim(),
        content: values.content.trim(),
        attachments: attachmentKeys(values.attachments),
      });
      void message.success(answer.msg || t('workorders.created'));
      navigate(workorderDetailRoute(answer.data.id));
    } catch {
      // The API client showed the server's reason; the form keeps what was typed.
    }
  };

  const required = (text: string) => [{ required: true, whitespace: true, message: text }];

  return (
    <div className="shell-width workorder-page workorder-page--narrow">
      <div className="workorder-page__header">
        <div>
          <h1 className="workorder-page__title">{t('workorders.addTitle')}</h1>
          <p className="workorder-page__intro">{t('workorders.addIntro')}</p>
        </div>
        <Link to={WORKORDER_LIST_ROUTE} className="link-button">
          {t('workorders.cancel')}
        </Link>
      </div>
      <div className="workorder-card">
        <Form<AddValues> form={form} name="workorder-add" layout="vertical" requiredMark onFinish={onFinish}>
          <Form.Item
            name="type"
            label={t('workorders.type')}
            rules={[{ required: true, message: t('workorders.typeRequired') }]}
          >
            <Select
              placeholder={t('workorders.typePlaceholder')}
              options={PROBLEM_TYPE_OPTIONS.map((option) => ({
                value: option.value,
                label: t(`problem.types.${option.key}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="title" label={t('workorders.subject')} rules={required(t('workorders.subjectRequired'))}>
            <Input maxLength={WORKORDER_TITLE_MAX} showCount placeholder={t('workorders.subjectPlaceholder')} />
          </Form.Item>
          <Form.Item name="content" label={t('workorders.content')} rules={required(t('workorders.contentRequired'))}>
            <Input.TextArea
              maxLength={WORKORDER_CONTENT_MAX}
              showCount
              autoSize={{ minRows: 6, maxRows: 16 }}
              placeholder={t('workorders.contentPlaceholder')}
            />
          </Form.Item>
          <Form.Item
            name="attachments"
            label={t('workorders.attachments')}
            valuePropName="value"
            rules={attachmentRules(t)}
          >
            <AttachmentUpload />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" loading={create.isPending}>
            {t('workorders.submit')}
          </Button>
        </Form>
      </div>
    </div>
  );
}
