/** Adding or changing the payout card: the bank read from the number as it is typed, the card check, the SMS code. */
import { Alert, Button, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackMessage } from '../../lib/antd-feedback';
import { SmsCodeField } from '../account/sms-code-field';
import { useCaptcha } from '../account/use-captcha';
import { type BankInfo, saveCard, useBankTypes, useCardInfo, useRefreshWithdrawals } from './withdrawals-api';

interface Values {
  mobile: string;
  holder_name: string;
  card_no: string;
  id_no: string;
  reserved_mobile?: string;
  code: string;
}

export function CardModal({ info, mobile, onClose }: { info: BankInfo; mobile: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const cardNo = Form.useWatch('card_no', form) ?? '';
  const card = useCardInfo(cardNo);
  const banks = useBankTypes();
  const refresh = useRefreshWithdrawals();
  const [busy, setBusy] = useState(false);
  const en = i18n.language === 'en';
  const party = info.party;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await saveCard({
        holder_name: v.holder_name,
        card_no: v.card_no.replace(/\D/g, ''),
        id_no: v.id_no,
        reserved_mobile: v.reserved_mobile || undefined,
        code: v.code,
      });
      feedbackMessage().success(t('withdrawals.cardSaved'));
      refresh();
      onClose();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={info.card ? t('withdrawals.changeCard') : t('withdrawals.addCard')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {info.card && (
        <Alert
          type="warning"
          showIcon
          message={t('withdrawals.changeWarning', { hours: String(info.card_change_hold_hours) })}
          style={{ marginBottom: 12 }}
        />
      )}
      <p className="withdraw-note">
        {t('withdrawals.banks')}: {(banks.data ?? []).map((b) => (en ? b.name_en : b.name)).join(en ? ', ' : '、')}
      </p>
      <Form
        form={form}
        name="bankcard"
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{ mobile, holder_name: party?.payee_name ?? '' }}
      >
        <Form.Item name="mobile" hidden>
          <Input />
        </Form.Item>
        <Form.Item
          name="holder_name"
          label={t('withdrawals.holder')}
          extra={
            party
              ? t('withdrawals.holderHint', { name: party.payee_name, kind: t(`withdrawals.kinds.${party.kind}`) })
              : undefined
          }
          rules={[{ required: true }]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="card_no"
          label={t('withdrawals.cardNo')}
          extra={
            card.data ? (
              <span data-testid="card-bank">
                <Tag color={card.data.is_support ? 'blue' : 'red'}>
                  {en ? card.data.bank_name_en : card.data.bank_name}
                </Tag>
                {t(`withdrawals.cardType.${card.data.card_type}`)}
                {!card.data.is_support && ` · ${t('withdrawals.unsupported')}`}
              </span>
            ) : (
              t('withdrawals.cardNoHint')
            )
          }
          rules={[{ required: true, pattern: /^[\d\s]{12,23}$/, message: t('withdrawals.cardNoHint') }]}
        >
          <Input inputMode="numeric" autoComplete="cc-number" />
        </Form.Item>
        <Form.Item
          name="id_no"
          label={t('withdrawals.idNo')}
          extra={t('withdrawals.idNoHint')}
          rules={[{ required: true, min: 6 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="reserved_mobile"
          label={t('withdrawals.reservedMobile')}
          rules={[{ pattern: /^1[3-9]\d{9}$/ }]}
        >
          <Input inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <SmsCodeField form={form} event="bankcard" captcha={captcha} />
        <Button type="primary" htmlType="submit" loading={busy} disabled={card.data?.is_support === false} block>
          {t('withdrawals.saveCard')}
        </Button>
      </Form>
    </Modal>
  );
}
