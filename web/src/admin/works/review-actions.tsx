/**
 * The decisions an editor may take on a work in its status, and nothing else (the contract's transition table,
 * actor 'editor'): pass first review (200 → 300), approve in final review (300 → 990), reject with a reason from the
 * list and an explanation (→ 400; required for "other"), mark online (990 → 991). Each asks for confirmation in a
 * dialog first; marking online before the work's release date (China time) says so, naming the date, and needs a
 * ticked confirmation (the server refuses it otherwise, 2251). Whatever the answer, the work is reloaded (review-api.ts): after a refusal such as "another editor
 * acted first" the page shows the status the work really has.
 */
import { REJECT_REASON_LABELS, REJECT_REASONS, type RejectReason } from '@trackline/contract/work-model';
import type { WorkAction, WorkStatus } from '@trackline/contract/work-status';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useAdminT } from '../i18n';
import { type ReviewDecision, useReviewDecision } from './review-api';
import { pickLabel } from './work-status-tag';

type Action = ReviewDecision['action'];
const REMARK_MAX = 500;
const REJECT_TEXT_MAX = 1000;

const CONFIRM_TEXTS = {
  pass_first: { title: 'review.passFirstTitle', hint: 'review.passFirstHint', button: 'review.passFirst' },
  pass_final: { title: 'review.passFinalTitle', hint: 'review.passFinalHint', button: 'review.passFinal' },
  mark_online: { title: 'review.markOnlineTitle', hint: 'review.markOnlineHint', button: 'review.markOnline' },
} as const;

const EDITOR_ACTIONS: readonly Action[] = ['pass_first', 'pass_final', 'reject', 'mark_online'];

/** Today in China Standard Time (UTC+8, no daylight saving), the calendar release dates are counted in. */
export function chinaToday(now = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}

/** `actions`: what the server says an editor may do now (the contract's table for the work's status). */
export function ReviewActions({
  id,
  status,
  actions: allowed,
  releaseDate = null,
}: {
  id: number;
  status: WorkStatus;
  actions: WorkAction[];
  /** The work's release date (YYYY-MM-DD), for the warning when marking it online before then. */
  releaseDate?: string | null;
}) {
  const { t } = useAdminT();
  const [open, setOpen] = useState<Action | null>(null);
  const actions = EDITOR_ACTIONS.filter((action) => allowed.includes(action));
  if (actions.length === 0) return <span className="admin-muted">{t('review.noActions')}</span>;

  return (
    <>
      <Space wrap role="group" aria-label={t('review.actionsLabel')}>
        {actions.map((action) =>
          action === 'reject' ? (
            <Button key={action} danger onClick={() => setOpen(action)}>
              {t('review.reject')}
            </Button>
          ) : (
            <Button key={action} type="primary" onClick={() => setOpen(action)}>
              {t(CONFIRM_TEXTS[action].button)}
            </Button>
          ),
        )}
      </Space>
      {open === 'reject' ? (
        <RejectModal id={id} status={status} onClose={() => setOpen(null)} />
      ) : open ? (
        <ConfirmModal id={id} status={status} action={open} releaseDate={releaseDate} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}

/** Approve (either stage) or mark online: what happens next, an optional remark for the history, confirm. */
function ConfirmModal({
  id,
  status,
  action,
  releaseDate,
  onClose,
}: {
  id: number;
  status: WorkStatus;
  action: Exclude<Action, 'reject'>;
  releaseDate: string | null;
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const decision = useReviewDecision();
  const [remark, setRemark] = useState('');
  const [early, setEarly] = useState(false);
  const texts = CONFIRM_TEXTS[action];
  const beforeRelease = action === 'mark_online' && releaseDate !== null && chinaToday() < releaseDate;
  const submit = () =>
    decision.mutate(
      action === 'mark_online'
        ? { action, id, status, remark: remark.trim(), beforeRelease: beforeRelease && early }
        : { action, id, status, remark: remark.trim() },
      {
        onSuccess: () => {
          message.success(t(`review.done.${action}`));
          onClose();
        },
        // The client has shown the server's message; the work reloads with its real status.
        onError: onClose,
      },
    );
  return (
    <Modal
      open
      title={t(texts.title)}
      okText={t(texts.button)}
      cancelText={t('common.cancel')}
      confirmLoading={decision.isPending}
      okButtonProps={{ disabled: beforeRelease && !early }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t(texts.hint)}</p>
      {beforeRelease && (
        <Alert
          type="warning"
          showIcon
          className="admin-review-early"
          data-testid="online-before-release"
          message={t('review.earlyTitle', { date: releaseDate })}
          description={
            <>
              <p>{t('review.earlyText')}</p>
              <Checkbox checked={early} onChange={(event) => setEarly(event.target.checked)}>
                {t('review.earlyConfirm', { date: releaseDate })}
              </Checkbox>
            </>
          }
        />
      )}
      <label className="admin-review-field-label" htmlFor="review-remark">
        {t('review.remark')}
      </label>
      <Input.TextArea
        id="review-remark"
        value={remark}
        onChange={(event) => setRemark(event.target.value)}
        maxLength={REMARK_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        aria-describedby="review-remark-hint"
      />
      <div id="review-remark-hint" className="admin-muted admin-review-field-hint">
        {t('review.remarkHint')}
      </div>
    </Modal>
  );
}

interface RejectValues {
  reason: RejectReason;
  remark: string;
}

/** A reason from the list and an explanation the musician reads (required for "other"), then confirm. */
function RejectModal({ id, status, onClose }: { id: number; status: WorkStatus; onClose: () => void }) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const decision = useReviewDecision();
  const [form] = Form.useForm<RejectValues>();
  const reason = Form.useWatch('reason', form);

  const submit = (values: RejectValues) =>
    decision.mutate(
      { action: 'reject', id, status, reason: values.reason, remark: (values.remark ?? '').trim() },
      {
        onSuccess: () => {
          message.success(t('review.done.reject'));
          onClose();
        },
        onError: onClose,
      },
    );

  return (
    <Modal
      open
      title={t('review.rejectTitle')}
      okText={t('review.rejectConfirm')}
      okButtonProps={{ danger: true, htmlType: 'submit', form: 'review-reject-form' }}
      cancelText={t('common.cancel')}
      confirmLoading={decision.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('review.rejectHint')}</p>
      <Form<RejectValues> id="review-reject-form" form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('review.rejectReason')}
          rules={[{ required: true, message: t('review.rejectReasonRequired') }]}
        >
          <ReasonRadios />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('review.rejectText')}
          extra={t('review.rejectTextHelp')}
          dependencies={['reason']}
          rules={[
            { required: reason === 'other', whitespace: true, message: t('review.rejectTextRequired') },
            { max: REJECT_TEXT_MAX, message: t('review.rejectTextTooLong', { max: REJECT_TEXT_MAX }) },
          ]}
        >
          <Input.TextArea maxLength={REJECT_TEXT_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The list of reasons as one labelled radio group (arrow keys move between them). Form.Item hands it the value and
 * onChange; the wrapper carries the group role antd's Radio.Group does not take.
 */
function ReasonRadios({
  value,
  onChange,
  ...aria
}: {
  value?: RejectReason;
  onChange?: (value: RejectReason) => void;
  // Form.Item's id and aria-invalid / aria-required / aria-describedby (its error text), kept on the group.
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}) {
  const { t, language } = useAdminT();
  return (
    <div role="radiogroup" aria-label={t('review.rejectReason')} {...aria}>
      <Radio.Group
        className="admin-review-reasons"
        value={value}
        onChange={(event) => onChange?.(event.target.value as RejectReason)}
      >
        {REJECT_REASONS.map((code) => (
          <Radio key={code} value={code}>
            {pickLabel(REJECT_REASON_LABELS[code], language)}
          </Radio>
        ))}
      </Radio.Group>
    </div>
  );
}
