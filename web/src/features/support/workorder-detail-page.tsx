/**
 * /gongdan/detail?id=: one of the user's work orders — status, the thread oldest first (who wrote, when, the
 * attachments as links) and a reply box. A reply always reopens the order ('open'), closed ones included.
 * An unknown id (or someone else's: the server answers the same 2070) is a not-found page.
 */
import { errorCatalogue } from '@trackline/contract/errors';
import { formatDate } from '@trackline/contract/format';
import { WORKORDER_CONTENT_MAX, type WorkorderDetailData } from '@trackline/contract/workorder-types';
import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { WORKORDER_LIST_ROUTE } from '../../lib/routes';
import { ErrorState, ListSkeleton, NotFoundState } from '../content/content-states';
import { useReplyWorkorder, useWorkorderDetail } from './workorder-api';
import {
  type AttachmentFile,
  AttachmentLinks,
  AttachmentUpload,
  attachmentKeys,
  attachmentRules,
} from './workorder-attachments';
import { WorkorderStatusTag } from './workorder-status-tag';
import { workorderTypeLabel } from './workorder-type-label';
import './workorder.css';

function parseId(raw: string | null): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  return Number(raw);
}

export default function WorkorderDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const detail = useWorkorderDetail(id);

  const notFound = (
    <div className="shell-width workorder-page">
      <NotFoundState backTo={WORKORDER_LIST_ROUTE} backLabel={t('workorders.backToList')} />
    </div>
  );
  if (id === null) return notFound;
  if (detail.isPending)
    return (
      <div className="shell-width workorder-page">
        <ListSkeleton rows={3} />
      </div>
    );
  if (detail.isError) {
    if (isApiError(detail.error) && detail.error.code === errorCatalogue.WORKORDER_NOT_FOUND.code) return notFound;
    return (
      <div className="shell-width workorder-page">
        <ErrorState onRetry={() => void detail.refetch()} />
      </div>
    );
  }
  return <WorkorderView id={id} data={detail.data} />;
}

function WorkorderView({ id, data }: { id: number; data: WorkorderDetailData }) {
  const { t } = useTranslation();
  const { order, replies } = data;
  return (
    <div className="shell-width workorder-page workorder-page--narrow">
      <Link to={WORKORDER_LIST_ROUTE} className="workorder-back">
        ← {t('workorders.backToList')}
      </Link>
      <header className="workorder-detail__header">
        <h1 className="workorder-page__title">{order.title}</h1>
        <div className="workorder-row__meta">
          <WorkorderStatusTag status={order.status} />
          <span>{t('workorders.number', { num: String(order.id) })}</span>
          <span>{t('workorders.typeLabel', { type: workorderTypeLabel(t, order.type) })}</span>
          <span>{t('workorders.createdAt', { time: formatDate(order.created_at, true) })}</span>
        </div>
      </header>

      <section aria-labelledby="workorder-thread-title">
        <h2 id="workorder-thread-title" className="workorder-section-title">
          {t('workorders.thread')}
        </h2>
        <ol className="workorder-thread">
          {replies.map((reply) => (
            <li
              key={reply.id}
              className={
                reply.author === 'staff'
                  ? 'workorder-reply workorder-reply--staff'
                  : 'workorder-reply workorder-reply--user'
              }
            >
              <div className="workorder-reply__head">
                <span className="workorder-reply__author">
                  {reply.author === 'staff' ? t('workorders.authorStaff') : t('workorders.authorUser')}
                </span>
                <time dateTime={reply.created_at}>{formatDate(reply.created_at, true)}</time>
              </div>
              <div className="workorder-reply__content">{reply.content}</div>
              <AttachmentLinks attachments={reply.attachments} />
            </li>
          ))}
        </ol>
      </section>

      {order.status === 'closed' && <Alert type="info" showIcon message={t('workorders.closedNote')} />}
      {order.status === 'awaiting_user' && <Alert type="warning" showIcon message={t('workorders.awaitingNote')} />}
      <ReplyBox id={id} />
    </div>
  );
}

interface ReplyValues {
  content: string;
  attachments?: AttachmentFile[];
}

function ReplyBox({ id }: { id: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ReplyValues>();
  const reply = useReplyWorkorder(id);

  const onFinish = async (values: ReplyValues) => {
    try {
      const answer = await reply.mutateAsync({
        content: values.content.trim(),
        attachments: attachmentKeys(values.attachments),
      });
      void message.success(answer.msg || t('workorders.replied'));
      form.resetFields();
    } catch {
      // The API client showed the server's reason; the text stays in the box.
    }
  };

  return (
    <section className="workorder-card workorder-reply-box" aria-labelledby="workorder-reply-title">
      <h2 id="workorder-reply-title" className="workorder-section-title">
        {t('workorders.replyTitle')}
      </h2>
      <Form<ReplyValues> form={form} name={`workorder-reply-${id}`} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="content"
          label={t('workorders.replyLabel')}
          rules={[{ required: true, whitespace: true, message: t('workorders.replyRequired') }]}
        >
          <Input.TextArea
            maxLength={WORKORDER_CONTENT_MAX}
            showCount
            autoSize={{ minRows: 4, maxRows: 12 }}
            placeholder={t('workorders.replyPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="attachments" label={t('workorders.attachments')} rules={attachmentRules(t)}>
          <AttachmentUpload />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={reply.isPending}>
          {t('workorders.replySubmit')}
        </Button>
      </Form>
    </section>
  );
}
