/**
 * /realidcation (spec §2, issue 10): the caller's real-name state with its badge, and the form that fits them —
 * an adult's name and ID number, or the minor's information supplement completed by the guardian (names, ID numbers,
 * relationship, mobile, the consent signed on screen) — then the verification provider's page. Enterprise accounts
 * are sent to /realidcation/enterprise. The ID number's age decides: the server sends an adult's ID to the adult
 * form and a minor's to the supplement, and this page follows.
 */
import { errorCatalogue } from '@trackline/contract/errors';
import { compactMobile } from '@trackline/contract/identifiers';
import { isValidIdNumber } from '@trackline/contract/identity';
import { GUARDIAN_RELATIONS, type RealnameInfo } from '@trackline/contract/realname';
import { REALNAME_PAGES } from '@trackline/contract/realname-paths';
import { Alert, Button, Checkbox, Form, Input, Select, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { CaptchaField } from '../account/captcha-field';
import { mobileRules } from '../account/form-rules';
import { SmsCodeField } from '../account/sms-code-field';
import { useCaptcha } from '../account/use-captcha';
import { SignaturePad } from '../works/signature-pad';
import {
  goToVerification,
  saveAdult,
  sendNonage,
  useRealnameInfo,
  useRefreshRealname,
  verifyUrl,
} from './realname-api';
import { RealnameStatus } from './realname-status';
import './realname.css';

function idRules(t: TFunction) {
  return [
    { required: true, whitespace: true, message: t('realname.idInvalid') },
    {
      validator: (_: unknown, value: string | undefined) =>
        !value?.trim() || isValidIdNumber(value)
          ? Promise.resolve()
          : Promise.reject(new Error(t('realname.idInvalid'))),
    },
  ];
}
const nameRules = (t: TFunction) => [
  { required: true, whitespace: true, message: t('realname.nameRequired') },
  { max: 30 },
];

type Flow = 'adult' | 'minor';

function AdultForm({ onFlow }: { onFlow: (flow: Flow) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshRealname();
  const [sending, setSending] = useState(false);
  const onFinish = async (values: { real_name: string; id_number: string }) => {
    setSending(true);
    try {
      await saveAdult({ real_name: values.real_name.trim(), id_number: values.id_number.trim() });
      refresh();
      goToVerification((await verifyUrl()).url, navigate);
    } catch (error) {
      if (isApiError(error) && error.code === errorCatalogue.REALNAME_MINOR_ID.code) onFlow('minor');
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="realname-card" aria-labelledby="adult-title">
      <h2 id="adult-title">{t('realname.adultTitle')}</h2>
      <p className="realname-note">{t('realname.adultIntro')}</p>
      <Form name="realname-adult" layout="vertical" requiredMark={false} className="realname-form" onFinish={onFinish}>
        <Form.Item name="real_name" label={t('realname.realName')} rules={nameRules(t)}>
          <Input size="large" autoComplete="name" placeholder={t('realname.realNamePlaceholder')} />
        </Form.Item>
        <Form.Item name="id_number" label={t('realname.idNumber')} rules={idRules(t)}>
          <Input size="large" autoComplete="off" maxLength={18} placeholder={t('realname.idNumberPlaceholder')} />
        </Form.Item>
        <div className="realname-actions">
          <Button type="primary" htmlType="submit" size="large" loading={sending}>
            {t('realname.save')}
          </Button>
          <Button type="link" onClick={() => onFlow('minor')}>
            {t('realname.switchMinor')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

interface MinorValues {
  minor_name: string;
  minor_id_number: string;
  guardian_name: string;
  guardian_id_number: string;
  guardian_relation: (typeof GUARDIAN_RELATIONS)[number];
  guardian_mobile: string;
  guardian_code?: string;
  agree: boolean;
}

function MinorForm({ info, onFlow }: { info: RealnameInfo; onFlow: (flow: Flow) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshRealname();
  const [form] = Form.useForm<MinorValues>();
  const captcha = useCaptcha();
  const [signature, setSignature] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [needCode, setNeedCode] = useState(!info.registered_guardian_mobile);
  const [missingSignature, setMissingSignature] = useState(false);

  const onFinish = async (values: MinorValues) => {
    if (!signature) {
      setMissingSignature(true);
      return;
    }
    setSending(true);
    try {
      const { url } = await sendNonage({
        minor_name: values.minor_name.trim(),
        minor_id_number: values.minor_id_number.trim(),
        guardian_name: values.guardian_name.trim(),
        guardian_id_number: values.guardian_id_number.trim(),
        guardian_relation: values.guardian_relation,
        guardian_mobile: compactMobile(values.guardian_mobile),
        guardian_code: values.guardian_code?.trim() || undefined,
        consent_png: signature,
        agree: true,
      });
      refresh();
      goToVerification(url, navigate);
    } catch (error) {
      if (!isApiError(error)) return;
      if (error.code === errorCatalogue.REALNAME_ADULT_ID.code) onFlow('adult');
      if (error.code === errorCatalogue.REALNAME_GUARDIAN_CODE_REQUIRED.code) setNeedCode(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="realname-card" aria-labelledby="minor-title">
      <h2 id="minor-title">{t('realname.minorTitle')}</h2>
      <p className="realname-note">{t('realname.minorIntro')}</p>
      <Form
        form={form}
        name="realname-minor"
        layout="vertical"
        requiredMark={false}
        className="realname-form"
        initialValues={{ guardian_relation: 'father', agree: false }}
        onFinish={onFinish}
      >
        <Form.Item name="minor_name" label={t('realname.minorName')} rules={nameRules(t)}>
          <Input size="large" autoComplete="off" />
        </Form.Item>
        <Form.Item name="minor_id_number" label={t('realname.minorId')} rules={idRules(t)}>
          <Input size="large" autoComplete="off" maxLength={18} placeholder={t('realname.idNumberPlaceholder')} />
        </Form.Item>
        <Form.Item name="guardian_name" label={t('realname.guardianName')} rules={nameRules(t)}>
          <Input size="large" autoComplete="off" />
        </Form.Item>
        <Form.Item name="guardian_id_number" label={t('realname.guardianId')} rules={idRules(t)}>
          <Input size="large" autoComplete="off" maxLength={18} placeholder={t('realname.idNumberPlaceholder')} />
        </Form.Item>
        <Form.Item name="guardian_relation" label={t('realname.relation')}>
          <Select
            size="large"
            aria-label={t('realname.relation')}
            options={GUARDIAN_RELATIONS.map((r) => ({ value: r, label: t(`realname.relations.${r}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="guardian_mobile"
          label={t('realname.guardianMobile')}
          rules={mobileRules(t)}
          extra={
            info.registered_guardian_mobile
              ? t('realname.guardianMobileHint', { mobile: info.registered_guardian_mobile })
              : undefined
          }
        >
          <Input size="large" type="tel" autoComplete="off" />
        </Form.Item>
        {needCode && (
          <>
            <CaptchaField state={captcha} />
            <SmsCodeField
              form={form}
              event="guardian"
              captcha={captcha}
              mobileField="guardian_mobile"
              name="guardian_code"
              label={t('realname.guardianCode')}
            />
          </>
        )}
        <div className="work-section">
          <h3 className="work-section__title">{t('realname.consent')}</h3>
          <p className="realname-note">{t('realname.consentHint')}</p>
          <SignaturePad
            onChange={(png) => {
              setSignature(png);
              if (png) setMissingSignature(false);
            }}
            required
          />
          {missingSignature && <Alert type="error" showIcon role="alert" message={t('realname.consentRequired')} />}
        </div>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: (_, checked: boolean) =>
                checked ? Promise.resolve() : Promise.reject(new Error(t('realname.consentRequired'))),
            },
          ]}
        >
          <Checkbox>{t('realname.consentText')}</Checkbox>
        </Form.Item>
        <p className="realname-note">{t('realname.pipl')}</p>
        <div className="realname-actions">
          <Button type="primary" htmlType="submit" size="large" loading={sending}>
            {t('realname.submitMinor')}
          </Button>
          <Button type="link" onClick={() => onFlow('adult')}>
            {t('realname.switchAdult')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** For saved details not yet verified: back to the provider's page. */
function VerifyAgain() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="primary"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          goToVerification((await verifyUrl()).url, navigate);
        } catch {
          // the client showed why
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('realname.verifyAgain')}
    </Button>
  );
}

export default function RealnamePage() {
  const { t } = useTranslation();
  const query = useRealnameInfo();
  const [chosen, setChosen] = useState<Flow | null>(null);

  if (query.isPending) return <Skeleton active className="realname-page" paragraph={{ rows: 6 }} />;
  if (query.isError)
    return (
      <div className="realname-page">
        <Alert
          type="error"
          showIcon
          message={t('realname.loadFailed')}
          action={<Button onClick={() => void query.refetch()}>{t('realname.retry')}</Button>}
        />
      </div>
    );
  const info = query.data;
  const flow: Flow = chosen ?? (info.kind === 'minor' && !info.became_adult ? 'minor' : 'adult');
  const open = info.state !== 'verified';
  return (
    <div className="realname-page">
      <h1>{t('realname.title')}</h1>
      <RealnameStatus info={info} />
      {info.group_id === 2 ? (
        <Alert
          type="info"
          showIcon
          message={<Link to={REALNAME_PAGES.enterprise}>{t('realname.enterpriseLink')}</Link>}
        />
      ) : (
        open && (
          <>
            {(info.state === 'pending' || info.state === 'failed') && (
              <div className="realname-actions">
                <VerifyAgain />
              </div>
            )}
            {flow === 'adult' ? <AdultForm onFlow={setChosen} /> : <MinorForm info={info} onFlow={setChosen} />}
          </>
        )
      )}
    </div>
  );
}
