/**
 * Leaving: the data export (a JSON file built in the background, downloaded through a short-lived link) and the
 * deletion request: refused with the reasons while money or live works remain; otherwise confirmed by an SMS code,
 * after which the session ends and the account waits out its cooling-off (a login cancels it).
 */
import { formatFen } from '@trackline/contract/format';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { feedbackMessage } from '../../lib/antd-feedback';
import { formatDate, maskMobile } from '../../lib/format';
import { navigateTo } from '../../lib/navigation';
import { GUEST_HOME } from '../../lib/routes';
import { endSessionLocally } from '../../lib/session';
import { CaptchaField } from '../account/captcha-field';
import { SmsCodeField } from '../account/sms-code-field';
import { useCaptcha } from '../account/use-captcha';
import { useUserInfo } from '../account/use-user-info';
import { ErrorState, ListSkeleton } from '../content/content-states';
import { requestDeletion, requestExport, useDataExport, useDeletionCheck, useRefreshCentre } from './person-center-api';
import { WITHDRAW_ROUTE, WORK_LIST_ROUTE } from './routes';

function formatSize(bytes: number | null): string {
  if (bytes === null) return '--';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ExportPart() {
  const { t } = useTranslation();
  const exp = useDataExport();
  const refresh = useRefreshCentre();
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      const answer = await requestExport();
      feedbackMessage().success(answer.msg);
      refresh();
    } catch {
      // the API client showed why
    } finally {
      setStarting(false);
    }
  };
  const data = exp.data;
  return (
    <div data-testid="pc-export">
      <h3>{t('personCenter.leave.exportTitle')}</h3>
      <p className="pc-card__hint">{t('personCenter.leave.exportText')}</p>
      {exp.isPending ? (
        <ListSkeleton rows={1} />
      ) : exp.isError ? (
        <ErrorState onRetry={() => void exp.refetch()} />
      ) : (
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
          {data?.state === 'pending' ? (
            <span role="status">{t('personCenter.leave.exportPending')}</span>
          ) : (
            <>
              {data?.state === 'ready' && data.url && (
                <>
                  <span>
                    {t('personCenter.leave.exportReady', {
                      date: formatDate(data.ready_at, true),
                      size: formatSize(data.size_bytes),
                    })}
                  </span>
                  <a href={data.url} download={`trackline-export-${data.id}.json`} className="ant-btn ant-btn-link">
                    {t('personCenter.leave.exportDownload')}
                  </a>
                </>
              )}
              <Button onClick={() => void start()} loading={starting}>
                {t('personCenter.leave.exportStart')}
              </Button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

function DeletePart() {
  const { t } = useTranslation();
  const check = useDeletionCheck();
  const { data: user } = useUserInfo();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const captcha = useCaptcha();
  const [submitting, setSubmitting] = useState(false);
  const days = String(check.data?.cooling_off_days ?? 15);

  const submit = async (values: { code: string }) => {
    setSubmitting(true);
    try {
      const answer = await requestDeletion(values.code.trim());
      setOpen(false);
      const date = formatDate(answer.data.deletion.erase_at);
      // The server ended every session: end it here too, and say when the account goes and how to stop it.
      endSessionLocally();
      navigateTo(GUEST_HOME, { replace: true });
      Modal.info({
        title: t('personCenter.leave.requestedTitle'),
        content: <span data-testid="pc-deletion-requested">{t('personCenter.leave.requestedText', { date })}</span>,
        okText: t('common.ok'),
      });
    } catch {
      // the API client showed why
    } finally {
      setSubmitting(false);
    }
  };

  const data = check.data;
  return (
    <div data-testid="pc-delete">
      <h3>{t('personCenter.leave.deleteTitle')}</h3>
      <p className="pc-card__hint">{t('personCenter.leave.deleteText', { days })}</p>
      {check.isPending ? (
        <ListSkeleton rows={1} />
      ) : check.isError || !data ? (
        <ErrorState onRetry={() => void check.refetch()} />
      ) : data.deletion ? (
        <p role="status">{t('personCenter.leave.pendingText', { date: formatDate(data.deletion.erase_at) })}</p>
      ) : data.blockers.length > 0 ? (
        <>
          <p>{t('personCenter.leave.blockersTitle')}</p>
          <ul className="pc-blockers" data-testid="pc-blockers">
            {data.blockers.map((b) => (
              <li key={b.kind}>
                {t(`personCenter.leave.blockers.${b.kind}`, {
                  amount: b.kind === 'live_works' ? b.amount : formatFen(b.amount),
                })}{' '}
                <Link to={b.kind === 'live_works' ? WORK_LIST_ROUTE : WITHDRAW_ROUTE}>
                  {b.kind === 'live_works' ? t('personCenter.leave.goWorks') : t('personCenter.leave.goWithdraw')}
                </Link>
              </li>
            ))}
          </ul>
          <Button danger disabled>
            {t('personCenter.leave.deleteStart')}
          </Button>
        </>
      ) : (
        <Button danger onClick={() => setOpen(true)}>
          {t('personCenter.leave.deleteStart')}
        </Button>
      )}
      <Modal
        open={open}
        title={t('personCenter.leave.deleteConfirmTitle')}
        onCancel={() => setOpen(false)}
        okText={t('personCenter.leave.deleteSubmit')}
        okButtonProps={{ danger: true, loading: submitting }}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <p>{t('personCenter.leave.deleteConfirmText', { mobile: maskMobile(user?.username ?? ''), days })}</p>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name="pc-delete" preserve={false}>
          <Form.Item name="own_mobile" hidden initialValue={user?.username}>
            <Input />
          </Form.Item>
          <CaptchaField state={captcha} />
          <SmsCodeField form={form} event="logoutaccount" captcha={captcha} mobileField="own_mobile" />
        </Form>
      </Modal>
    </div>
  );
}

export function LeavingSection() {
  const { t } = useTranslation();
  return (
    <section className="pc-card pc-danger" aria-labelledby="pc-leave">
      <h2 id="pc-leave" className="pc-card__title">
        {t('personCenter.leave.title')}
      </h2>
      <ExportPart />
      <DeletePart />
    </section>
  );
}
