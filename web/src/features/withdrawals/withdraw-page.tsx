/**
 * /person-center/withdraw (spec §2): the available balance, the payout card (add or change it: verified name, the
 * holder's own name, SMS code, the bank's card check), an amount (or all of it) with every figure before confirming
 * (gross, income tax withheld, fee, net), and the withdrawals with their timeline and receipt.
 */
import { Alert, Button, Descriptions, Form, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackMessage } from '../../lib/antd-feedback';
import { formatDate, formatFen } from '../../lib/format';
import { SmsCodeField } from '../account/sms-code-field';
import { useCaptcha } from '../account/use-captcha';
import { useUserInfo } from '../account/use-user-info';
import { ErrorState, ListSkeleton } from '../content/content-states';
import { CardModal } from './card-modal';
import { WithdrawalHistory } from './withdrawal-history';
import { type BankInfo, confirmWithdrawal, useBankInfo, usePreview, useRefreshWithdrawals } from './withdrawals-api';
import './withdraw.css';

function yuanOf(fen: string): string {
  const v = BigInt(fen);
  return `${v / 100n}.${(v % 100n).toString().padStart(2, '0')}`;
}

function WithdrawForm({ info, mobile }: { info: BankInfo; mobile: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: string; code: string; mobile: string }>();
  const captcha = useCaptcha();
  const amount = (Form.useWatch('amount', form) ?? '').trim();
  const preview = usePreview(amount);
  const refresh = useRefreshWithdrawals();
  const [busy, setBusy] = useState(false);
  const blocked = info.frozen || !info.card || !info.party?.verified || Boolean(info.card?.withdraw_after);
  const p = preview.data;

  const submit = async (values: { amount: string; code: string }) => {
    if (!p) return;
    Modal.confirm({
      title: t('withdrawals.confirmTitle', { gross: formatFen(p.gross_fen) }),
      content: t('withdrawals.confirmText', {
        tax: formatFen(p.tax_fen),
        fee: formatFen(p.fee_fen),
        net: formatFen(p.net_fen),
        card: info.card?.card_no ?? '',
      }),
      okText: t('withdrawals.confirm'),
      onOk: async () => {
        setBusy(true);
        try {
          await confirmWithdrawal(values.amount.trim(), values.code);
          feedbackMessage().success(t('withdrawals.submitted'));
          form.resetFields(['amount', 'code']);
          refresh();
        } catch {
          // the refusal was shown by the client, in the user's language
        } finally {
          setBusy(false);
        }
      },
    });
  };

  return (
    <Form
      form={form}
      name="withdraw"
      layout="vertical"
      onFinish={(v) => void submit(v)}
      className="withdraw-form"
      disabled={blocked}
    >
      <Form.Item name="mobile" initialValue={mobile} hidden>
        <Input />
      </Form.Item>
      <Form.Item label={t('withdrawals.amount')} htmlFor="withdraw_amount" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="amount"
            noStyle
            rules={[{ required: true, pattern: /^\d{1,12}(\.\d{1,2})?$/, message: t('withdrawals.amount') }]}
          >
            <Input inputMode="decimal" size="large" prefix="¥" aria-describedby="withdraw-limits" />
          </Form.Item>
          <Button size="large" onClick={() => form.setFieldValue('amount', yuanOf(info.available_fen))}>
            {t('withdrawals.all')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {p && (
        <section aria-live="polite" aria-label={t('withdrawals.figures')}>
          <Descriptions size="small" column={1} bordered className="withdraw-figures">
            <Descriptions.Item label={t('withdrawals.gross')}>¥{formatFen(p.gross_fen)}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.tax')}>
              ¥{formatFen(p.tax_fen)}
              <div className="withdraw-note">
                {p.withheld ? t('withdrawals.taxNote') : t('withdrawals.enterpriseNote')}
              </div>
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.fee')}>¥{formatFen(p.fee_fen)}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.net')}>
              <strong data-testid="withdraw-net">¥{formatFen(p.net_fen)}</strong>
            </Descriptions.Item>
          </Descriptions>
        </section>
      )}
      <SmsCodeField form={form} event="withdraw" captcha={captcha} />
      <Button type="primary" htmlType="submit" size="large" loading={busy} disabled={blocked || !p}>
        {t('withdrawals.confirm')}
      </Button>
    </Form>
  );
}

export default function WithdrawPage() {
  const { t } = useTranslation();
  const info = useBankInfo();
  const user = useUserInfo();
  const [cardOpen, setCardOpen] = useState(false);
  const data = info.data;
  return (
    <div className="shell-width withdraw-page">
      <h1 className="withdraw-page__title">{t('withdrawals.title')}</h1>
      {info.isPending ? (
        <ListSkeleton rows={3} />
      ) : info.isError || !data ? (
        <ErrorState onRetry={() => void info.refetch()} />
      ) : (
        <>
          <dl className="withdraw-summary">
            <div className="withdraw-summary__figure withdraw-summary__figure--main">
              <dt>{t('withdrawals.available')}</dt>
              <dd data-testid="withdraw-available">¥{formatFen(data.available_fen)}</dd>
            </div>
            <div className="withdraw-summary__figure">
              <dt>{t('withdrawals.monthWithdrawn')}</dt>
              <dd>¥{formatFen(data.month_withdrawn_fen)}</dd>
            </div>
          </dl>
          <p id="withdraw-limits" className="withdraw-note">
            {t('withdrawals.limits', {
              min: formatFen(data.min_fen),
              cap: formatFen(data.monthly_cap_fen),
              fee: formatFen(data.fee_fen),
            })}
          </p>
          {data.frozen && <Alert type="error" showIcon message={t('withdrawals.frozen')} />}
          {!data.party?.verified && <Alert type="warning" showIcon message={t('withdrawals.notVerified')} />}
          {data.card?.withdraw_after && (
            <Alert
              type="info"
              showIcon
              message={t('withdrawals.cardWait', { time: formatDate(data.card.withdraw_after, true) })}
            />
          )}

          <section aria-labelledby="withdraw-card-title" className="withdraw-card">
            <h2 id="withdraw-card-title" className="withdraw-section-title">
              {t('withdrawals.card')}
            </h2>
            {data.card ? (
              <div className="withdraw-card__box" data-testid="withdraw-card">
                <Tag color="blue">{data.card.bank_name}</Tag>
                <span className="withdraw-card__no">{data.card.card_no}</span>
                <span className="withdraw-note">{data.card.holder_name}</span>
              </div>
            ) : (
              <p className="withdraw-note">{t('withdrawals.noCard')}</p>
            )}
            <Button onClick={() => setCardOpen(true)} disabled={!data.party?.verified}>
              {data.card ? t('withdrawals.changeCard') : t('withdrawals.addCard')}
            </Button>
          </section>

          {user.data && <WithdrawForm info={data} mobile={user.data.username} />}
          {cardOpen && user.data && (
            <CardModal info={data} mobile={user.data.username} onClose={() => setCardOpen(false)} />
          )}
        </>
      )}
      <WithdrawalHistory />
    </div>
  );
}
