/**
 * The account security page's sections: the password (old password or an SMS code to one's own mobile), the mobile
 * (codes to the old and the new number), signed-in devices (sign one out, or every other one) and recent events.
 */
import { compactMobile } from '@trackline/contract/identifiers';
import { Button, Form, Input, Modal, Pagination, Popconfirm, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackMessage } from '../../lib/antd-feedback';
import { formatDate, maskMobile } from '../../lib/format';
import { useNarrowScreen } from '../../lib/use-narrow-screen';
import { CaptchaField } from '../account/captcha-field';
import { mobileRules } from '../account/form-rules';
import { NewPasswordFields } from '../account/new-password-fields';
import { SmsCodeField } from '../account/sms-code-field';
import { useCaptcha } from '../account/use-captcha';
import { useUserInfo } from '../account/use-user-info';
import { EmptyState, ErrorState, ListSkeleton } from '../content/content-states';
import {
  changeMobile,
  changePassword,
  revokeOthers,
  revokeSession,
  type SecurityEvent,
  type SessionItem,
  useRefreshCentre,
  useSecurityEvents,
  useSessions,
} from './person-center-api';

/** Where a session or an event came from, in words. */
export function usePlace() {
  const { t } = useTranslation();
  return (item: { place: string; ip: string }) =>
    t(`personCenter.security.places.${item.place as 'loopback'}`, { ip: item.ip, defaultValue: item.ip });
}

export function PasswordSection() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const [mode, setMode] = useState<'old' | 'sms'>('old');
  const [form] = Form.useForm();
  const captcha = useCaptcha();
  const refresh = useRefreshCentre();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: { oldpassword?: string; code?: string; newpassword: string }) => {
    setSaving(true);
    try {
      const body =
        mode === 'old'
          ? { oldpassword: values.oldpassword ?? '', newpassword: values.newpassword }
          : { code: (values.code ?? '').trim(), newpassword: values.newpassword };
      const answer = await changePassword(body);
      feedbackMessage().success(answer.msg || t('personCenter.security.passwordChanged'));
      form.resetFields();
      refresh();
    } catch {
      // the API client showed why
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="pc-card" aria-labelledby="pc-password">
      <h2 id="pc-password" className="pc-card__title">
        {t('personCenter.security.password')}
      </h2>
      <Segmented
        value={mode}
        onChange={(v) => setMode(v as 'old' | 'sms')}
        options={[
          { value: 'old', label: t('personCenter.security.byOld') },
          { value: 'sms', label: t('personCenter.security.bySms') },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Form
        form={form}
        layout="vertical"
        className="pc-form"
        requiredMark={false}
        onFinish={onFinish}
        name="pc-password"
      >
        {mode === 'old' ? (
          <Form.Item
            name="oldpassword"
            label={t('personCenter.security.oldPassword')}
            rules={[{ required: true, message: t('personCenter.security.oldPasswordRequired') }]}
          >
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="own_mobile" hidden initialValue={user?.username}>
              <Input />
            </Form.Item>
            <p className="pc-card__hint">
              {t('personCenter.security.codeTo', { mobile: maskMobile(user?.username ?? '') })}
            </p>
            <CaptchaField state={captcha} />
            <SmsCodeField form={form} event="resetpwd" captcha={captcha} mobileField="own_mobile" />
          </>
        )}
        <NewPasswordFields name="newpassword" label="auth.newPassword" />
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('personCenter.security.changePassword')}
        </Button>
      </Form>
    </section>
  );
}

export function MobileSection() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const [form] = Form.useForm();
  const captcha = useCaptcha();
  const refresh = useRefreshCentre();
  const [saving, setSaving] = useState(false);

  const submit = async (values: { old_code: string; mobile: string; code: string }) => {
    setSaving(true);
    try {
      const answer = await changeMobile({
        old_code: values.old_code.trim(),
        mobile: compactMobile(values.mobile),
        code: values.code.trim(),
      });
      feedbackMessage().success(answer.msg);
      form.resetFields(['old_code', 'mobile', 'code']);
      refresh();
    } catch {
      // the API client showed why
    } finally {
      setSaving(false);
    }
  };

  const onFinish = (values: { old_code: string; mobile: string; code: string }) => {
    Modal.confirm({
      title: t('personCenter.security.changeMobile'),
      content: t('personCenter.security.confirmMobile', { mobile: compactMobile(values.mobile) }),
      onOk: () => submit(values),
    });
  };

  return (
    <section className="pc-card" aria-labelledby="pc-mobile">
      <h2 id="pc-mobile" className="pc-card__title">
        {t('personCenter.security.mobile')}
      </h2>
      <p className="pc-card__hint">
        {t('personCenter.security.currentMobile', { mobile: maskMobile(user?.username ?? '') })}
      </p>
      <Form form={form} layout="vertical" className="pc-form" requiredMark={false} onFinish={onFinish} name="pc-mobile">
        <Form.Item name="own_mobile" hidden initialValue={user?.username}>
          <Input />
        </Form.Item>
        <CaptchaField state={captcha} />
        <SmsCodeField
          form={form}
          event="oldmobile"
          captcha={captcha}
          mobileField="own_mobile"
          name="old_code"
          label={t('personCenter.security.oldCode')}
        />
        <Form.Item name="mobile" label={t('personCenter.security.newMobile')} rules={mobileRules(t)}>
          <Input type="tel" autoComplete="tel" size="large" />
        </Form.Item>
        <SmsCodeField form={form} event="changemobile" captcha={captcha} label={t('personCenter.security.newCode')} />
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('personCenter.security.changeMobile')}
        </Button>
      </Form>
    </section>
  );
}

export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const refresh = useRefreshCentre();
  const place = usePlace();
  const [busy, setBusy] = useState<number | 'others' | null>(null);

  const run = async (what: number | 'others') => {
    setBusy(what);
    try {
      const answer = what === 'others' ? await revokeOthers() : await revokeSession(what);
      feedbackMessage().success(answer.msg);
      refresh();
    } catch {
      // the API client showed why
    } finally {
      setBusy(null);
    }
  };

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);
  const device = (s: SessionItem) => s.device || t('personCenter.security.unknownDevice');
  return (
    <section className="pc-card" aria-labelledby="pc-sessions">
      <h2 id="pc-sessions" className="pc-card__title">
        {t('personCenter.security.sessions')}
      </h2>
      <p className="pc-card__hint">{t('personCenter.security.sessionsHint')}</p>
      {sessions.isPending ? (
        <ListSkeleton rows={2} />
      ) : sessions.isError ? (
        <ErrorState onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <ul className="pc-session-list" data-testid="pc-sessions">
            {list.map((s) => (
              <li key={s.id} className="pc-session">
                <div>
                  <strong>{device(s)}</strong>{' '}
                  {s.current && <Tag color="blue">{t('personCenter.security.current')}</Tag>}
                  <div className="pc-session__meta">
                    {place(s)} · {t('personCenter.security.signedIn')} {formatDate(s.created_at, true)} ·{' '}
                    {t('personCenter.security.lastSeen')} {formatDate(s.last_seen_at, true)}
                  </div>
                </div>
                {!s.current && (
                  <Popconfirm
                    title={t('personCenter.security.signOutConfirm', { device: device(s) })}
                    onConfirm={() => run(s.id)}
                  >
                    <Button danger loading={busy === s.id}>
                      {t('personCenter.security.signOut')}
                    </Button>
                  </Popconfirm>
                )}
              </li>
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="pc-card__hint">{t('personCenter.security.noOthers')}</p>
          ) : (
            <Popconfirm title={t('personCenter.security.signOutOthersConfirm')} onConfirm={() => run('others')}>
              <Button danger loading={busy === 'others'}>
                {t('personCenter.security.signOutOthers')}
              </Button>
            </Popconfirm>
          )}
        </>
      )}
    </section>
  );
}

export function EventsSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const events = useSecurityEvents(page);
  const narrow = useNarrowScreen();
  const place = usePlace();
  const kind = (e: SecurityEvent) =>
    t(`personCenter.security.eventKinds.${e.kind as 'login'}`, { defaultValue: e.kind });
  const data = events.data;
  return (
    <section className="pc-card" aria-labelledby="pc-events">
      <h2 id="pc-events" className="pc-card__title">
        {t('personCenter.security.events')}
      </h2>
      {events.isPending ? (
        <ListSkeleton rows={3} />
      ) : events.isError || !data ? (
        <ErrorState onRetry={() => void events.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState text={t('personCenter.security.eventsEmpty')} />
      ) : narrow ? (
        <ul className="pc-session-list" data-testid="pc-events">
          {data.list.map((e) => (
            <li key={e.id} className="pc-session">
              <div>
                <strong>{kind(e)}</strong>
                <div className="pc-session__meta">
                  {formatDate(e.created_at, true)} · {e.device || t('personCenter.security.unknownDevice')} · {place(e)}
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Table<SecurityEvent>
          data-testid="pc-events"
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={data.list}
          columns={[
            { title: t('personCenter.security.time'), key: 'time', render: (_, e) => formatDate(e.created_at, true) },
            { title: t('personCenter.security.event'), key: 'kind', render: (_, e) => kind(e) },
            {
              title: t('personCenter.security.device'),
              key: 'device',
              render: (_, e) => e.device || t('personCenter.security.unknownDevice'),
            },
            { title: t('personCenter.security.place'), key: 'place', render: (_, e) => place(e) },
          ]}
        />
      )}
      {data && data.total > data.page_size && (
        <nav className="list-pager" aria-label={t('content.pagination')}>
          <Pagination
            current={page}
            pageSize={data.page_size}
            total={data.total}
            onChange={setPage}
            showSizeChanger={false}
          />
        </nav>
      )}
    </section>
  );
}
