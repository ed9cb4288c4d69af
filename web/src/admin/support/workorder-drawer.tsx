/**
 * One work order in the console: its facts, "assign to me" / unassign, close (after a confirmation), the thread
 * oldest first, and the reply box with the status the reply leaves (answered, or awaiting the user) and optional
 * images. Every reply and the close send the user a system message (the server does it).
 */
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { formatDate } from '@trackline/contract/format';
import {
  type AdminWorkorderDetailData,
  WORKORDER_ATTACHMENTS_MAX,
  WORKORDER_CONTENT_MAX,
  type WorkorderReply,
  type WorkorderStaffReplyStatus,
} from '@trackline/contract/workorder-types';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Radio,
  Result,
  Skeleton,
  Space,
  Upload,
  type UploadFile,
  type UploadProps,
} from 'antd';
import { useAdminT } from '../i18n';
import { useCurrentStaff } from '../shell/current-staff';
import { relativeAge } from '../shell/relative-age';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, isAllowedImageType } from '../shell/upload-api';
import { WorkorderStatusTag } from './workorder-status-tag';
import { workorderTypeKey } from './workorder-types';
import {
  uploadReplyImage,
  useAssignWorkorder,
  useCloseWorkorder,
  useStaffReply,
  useWorkorderDetail,
} from './workorders-api';

export function WorkorderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useAdminT();
  const detail = useWorkorderDetail(id);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={760}
      title={id === null ? '' : t('workorders.detailTitle', { num: id })}
      destroyOnHidden
    >
      {detail.isPending ? (
        <Skeleton active />
      ) : detail.isError ? (
        <Result
          status="warning"
          title={t('workorders.loadFailed')}
          extra={
            <Button onClick={() => void detail.refetch()} loading={detail.isFetching}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <WorkorderBody data={detail.data} />
      )}
    </Drawer>
  );
}

function WorkorderBody({ data }: { data: AdminWorkorderDetailData }) {
  const { t, language } = useAdminT();
  const { message } = App.useApp();
  const me = useCurrentStaff();
  const assign = useAssignWorkorder();
  const close = useCloseWorkorder();
  const { order, replies } = data;
  const typeKey = workorderTypeKey(order.type);
  const mine = order.assignee_staff_id === me.id;

  const setAssignee = (staffId: number | null) =>
    assign.mutate(
      { id: order.id, staff_id: staffId },
      { onSuccess: () => message.success(staffId === null ? t('workorders.released') : t('workorders.assigned')) },
    );

  return (
    <div className="admin-workorder">
      <h2 className="admin-workorder-heading">{order.title}</h2>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'status', label: t('workorders.status'), children: <WorkorderStatusTag status={order.status} /> },
          { key: 'type', label: t('workorders.type'), children: typeKey ? t(typeKey) : order.type },
          {
            key: 'user',
            label: t('workorders.user'),
            children: `${order.user_nickname ? `${order.user_nickname} ` : ''}${order.user_mobile}`,
          },
          {
            key: 'assignee',
            label: t('workorders.assignee'),
            children: order.assignee_name ?? t('workorders.unassigned'),
          },
          {
            key: 'created',
            label: t('workorders.createdAt'),
            children: `${formatDate(order.created_at, true)}（${relativeAge(order.created_at, language, t('workorders.justNow'))}）`,
          },
          ...(order.work_id ? [{ key: 'work', label: t('workorders.workId'), children: `#${order.work_id}` }] : []),
        ]}
      />
      <Space wrap className="admin-workorder-actions">
        {!mine && (
          <Button onClick={() => setAssignee(me.id)} loading={assign.isPending}>
            {t('workorders.assignToMe')}
          </Button>
        )}
        {order.assignee_staff_id !== null && (
          <Button onClick={() => setAssignee(null)} loading={assign.isPending}>
            {t('workorders.release')}
          </Button>
        )}
        {order.status !== 'closed' && (
          <Popconfirm
            title={t('workorders.closeConfirm')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, loading: close.isPending }}
            onConfirm={() =>
              close.mutateAsync(order.id).then(
                () => {
                  message.success(t('workorders.closed'));
                },
                () => undefined, // the client has shown the refusal
              )
            }
          >
            <Button danger>{t('workorders.close')}</Button>
          </Popconfirm>
        )}
      </Space>

      <h3 className="admin-workorder-subheading">{t('workorders.thread')}</h3>
      <ol className="admin-workorder-thread">
        {replies.map((reply) => (
          <ThreadItem key={reply.id} reply={reply} />
        ))}
      </ol>

      {order.status === 'closed' ? (
        <Alert type="info" showIcon message={t('workorders.closedNote')} />
      ) : (
        <ReplyForm id={order.id} />
      )}
    </div>
  );
}

function ThreadItem({ reply }: { reply: WorkorderReply }) {
  const { t } = useAdminT();
  const author =
    reply.author === 'user'
      ? t('workorders.authorUser')
      : reply.staff_name
        ? t('workorders.authorStaff', { name: reply.staff_name })
        : t('workorders.authorStaffUnknown');
  return (
    <li className={`admin-workorder-reply admin-workorder-reply--${reply.author}`}>
      <div className="admin-workorder-reply-head">
        <strong>{author}</strong>
        <time dateTime={reply.created_at}>{formatDate(reply.created_at, true)}</time>
      </div>
      <div className="admin-workorder-reply-content">{reply.content}</div>
      {reply.attachments.length > 0 && (
        <ul className="admin-workorder-attachments">
          {reply.attachments.map((a) => (
            <li key={a.key}>
              <a href={a.url} target="_blank" rel="noopener noreferrer">
                <PaperClipOutlined aria-hidden="true" /> {a.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

interface ReplyValues {
  content: string;
  status: WorkorderStaffReplyStatus;
  images?: UploadFile<{ url: string; key: string }>[];
}

function ReplyForm({ id }: { id: number }) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const [form] = Form.useForm<ReplyValues>();
  const reply = useStaffReply();

  const onFinish = (values: ReplyValues) => {
    const images = values.images ?? [];
    if (images.some((f) => f.status === 'uploading')) {
      message.warning(t('workorders.uploadPending'));
      return;
    }
    reply.mutate(
      {
        id,
        content: values.content.trim(),
        status: values.status,
        attachments: images.flatMap((f) => (f.status === 'done' && f.response ? [f.response.key] : [])),
      },
      {
        onSuccess: () => {
          message.success(t('workorders.replied'));
          form.resetFields();
        },
      },
    );
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!isAllowedImageType(file.type)) {
      message.error(t('upload.typeInvalid'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      message.error(t('upload.tooLarge'));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    if (!(file instanceof File)) return;
    uploadReplyImage(file).then(
      (data) => onSuccess?.(data),
      (error: unknown) => onError?.(error instanceof Error ? error : new Error(t('upload.failed'))),
    );
  };

  return (
    <section className="admin-workorder-reply-form" aria-labelledby="admin-workorder-reply-title">
      <h3 id="admin-workorder-reply-title" className="admin-workorder-subheading">
        {t('workorders.reply')}
      </h3>
      <Form<ReplyValues>
        form={form}
        name={`admin-workorder-reply-${id}`}
        layout="vertical"
        initialValues={{ status: 'answered' }}
        onFinish={onFinish}
      >
        <Form.Item
          name="content"
          label={t('workorders.replyContent')}
          rules={[{ required: true, whitespace: true, message: t('workorders.replyRequired') }]}
        >
          <Input.TextArea maxLength={WORKORDER_CONTENT_MAX} showCount autoSize={{ minRows: 4, maxRows: 12 }} />
        </Form.Item>
        <Form.Item name="status" label={t('workorders.replyStatus')} rules={[{ required: true }]}>
          <Radio.Group>
            <Space direction="vertical">
              <Radio value="answered">{t('workorders.replyStatusAnswered')}</Radio>
              <Radio value="awaiting_user">{t('workorders.replyStatusAwaiting')}</Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="images"
          label={t('workorders.replyImages')}
          extra={t('workorders.replyImagesHint')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
        >
          <Upload
            accept={IMAGE_TYPES.join(',')}
            maxCount={WORKORDER_ATTACHMENTS_MAX}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
          >
            <Button icon={<UploadOutlined aria-hidden="true" />}>{t('workorders.replyImagesUpload')}</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={reply.isPending}>
          {t('workorders.replySubmit')}
        </Button>
      </Form>
    </section>
  );
}
