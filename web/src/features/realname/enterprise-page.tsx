/**
 * /realidcation/enterprise (issue 10): an enterprise account's company details — name, unified social credit code
 * (checked here and on the server: GB 32100's check character), business licence image (a private file), contact —
 * sent to staff for review; the state, and a refusal's reason, are shown here.
 */
import { UploadOutlined } from '@ant-design/icons';
import { compactMobile } from '@trackline/contract/identifiers';
import { isValidCreditCode } from '@trackline/contract/identity';
import { REALNAME_PAGES } from '@trackline/contract/realname-paths';
import { Alert, Button, Form, Input, Skeleton, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showApiError } from '../../api/client';
import { feedbackMessage } from '../../lib/antd-feedback';
import { mobileRules } from '../account/form-rules';
import { uploadSmallFile } from '../works/small-upload';
import { saveEnterprise, useRealnameInfo, useRefreshRealname } from './realname-api';
import './realname.css';

interface Values {
  company_name: string;
  credit_code: string;
  contact_name: string;
  contact_mobile: string;
}

const COLOURS = { pending: 'processing', verified: 'success', refused: 'error' } as const;

export default function EnterprisePage() {
  const { t } = useTranslation();
  const query = useRealnameInfo();
  const refresh = useRefreshRealname();
  const [licence, setLicence] = useState<{ key: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [licenceMissing, setLicenceMissing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

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
  const e = info.enterprise;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const data = await uploadSmallFile(file, () => undefined);
      setLicence({ key: data.key, name: file.name });
      setLicenceMissing(false);
    } catch (error) {
      showApiError(error);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onFinish = async (values: Values) => {
    if (!licence) {
      setLicenceMissing(true);
      return;
    }
    setSending(true);
    try {
      await saveEnterprise({
        company_name: values.company_name.trim(),
        credit_code: values.credit_code.trim(),
        licence_key: licence.key,
        contact_name: values.contact_name.trim(),
        contact_mobile: compactMobile(values.contact_mobile),
      });
      feedbackMessage().success(t('realname.submitted'));
      refresh();
    } catch {
      // the client showed why
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="realname-page">
      <h1>{t('realname.enterpriseTitle')}</h1>
      {info.group_id !== 2 ? (
        <Alert
          type="info"
          showIcon
          message={t('realname.enterpriseOnly')}
          action={<Link to={REALNAME_PAGES.person}>{t('realname.title')}</Link>}
        />
      ) : (
        <>
          {e && (
            <section className="realname-card" aria-labelledby="enterprise-state-title">
              <h2 id="enterprise-state-title">{t('realname.stateLabel')}</h2>
              <Tag color={COLOURS[e.state]} data-testid="enterprise-state">
                {t(`realname.enterpriseState.${e.state}`)}
              </Tag>
              {e.state === 'refused' && (
                <Alert
                  style={{ marginTop: 12 }}
                  type="error"
                  showIcon
                  role="alert"
                  message={t('realname.refused', { reason: e.refuse_reason })}
                />
              )}
              <dl className="realname-facts">
                <dt>{t('realname.companyName')}</dt>
                <dd>{e.company_name}</dd>
                <dt>{t('realname.creditCode')}</dt>
                <dd>{e.credit_code_masked}</dd>
                <dt>{t('realname.contactName')}</dt>
                <dd>
                  {e.contact_name} · {e.contact_mobile}
                </dd>
                <dt>{t('realname.licence')}</dt>
                <dd>
                  <a href={e.licence_url} target="_blank" rel="noopener noreferrer">
                    {t('realname.viewLicence')}
                  </a>
                </dd>
              </dl>
            </section>
          )}
          {e?.state !== 'verified' && e?.state !== 'pending' && (
            <section className="realname-card" aria-labelledby="enterprise-form-title">
              <h2 id="enterprise-form-title">{t('realname.enterpriseTitle')}</h2>
              <p className="realname-note">{t('realname.enterpriseIntro')}</p>
              <Form<Values>
                name="enterprise"
                layout="vertical"
                requiredMark={false}
                className="realname-form"
                initialValues={{ company_name: e?.company_name ?? info.legal_party?.name ?? '' }}
                onFinish={onFinish}
              >
                <Form.Item
                  name="company_name"
                  label={t('realname.companyName')}
                  rules={[
                    { required: true, whitespace: true },
                    { min: 2, max: 100 },
                  ]}
                >
                  <Input size="large" autoComplete="organization" />
                </Form.Item>
                <Form.Item
                  name="credit_code"
                  label={t('realname.creditCode')}
                  rules={[
                    { required: true, whitespace: true, message: t('realname.creditCodeInvalid') },
                    {
                      validator: (_, value: string | undefined) =>
                        !value?.trim() || isValidCreditCode(value)
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('realname.creditCodeInvalid'))),
                    },
                  ]}
                >
                  <Input size="large" maxLength={18} autoComplete="off" />
                </Form.Item>
                <div className="ant-form-item">
                  <label htmlFor="licence-file" className="realname-label">
                    {t('realname.licence')}
                  </label>
                  <p className="realname-note">{t('realname.licenceHint')}</p>
                  <input
                    ref={fileInput}
                    id="licence-file"
                    type="file"
                    accept="image/png,image/jpeg"
                    hidden
                    onChange={(event) => void upload(event.target.files?.[0])}
                  />
                  <div className="realname-actions">
                    <Button
                      icon={<UploadOutlined aria-hidden="true" />}
                      loading={uploading}
                      onClick={() => fileInput.current?.click()}
                    >
                      {t('realname.licenceUpload')}
                    </Button>
                    {licence && (
                      <span data-testid="licence-uploaded">
                        {t('realname.licenceUploaded')}：{licence.name}
                      </span>
                    )}
                  </div>
                  {licenceMissing && <Alert type="error" showIcon role="alert" message={t('realname.licenceHint')} />}
                </div>
                <Form.Item
                  name="contact_name"
                  label={t('realname.contactName')}
                  rules={[{ required: true, whitespace: true }, { max: 30 }]}
                >
                  <Input size="large" autoComplete="name" />
                </Form.Item>
                <Form.Item name="contact_mobile" label={t('realname.contactMobile')} rules={mobileRules(t)}>
                  <Input size="large" type="tel" autoComplete="tel" />
                </Form.Item>
                <Button type="primary" htmlType="submit" size="large" loading={sending}>
                  {t('realname.submitEnterprise')}
                </Button>
              </Form>
            </section>
          )}
        </>
      )}
    </div>
  );
}
