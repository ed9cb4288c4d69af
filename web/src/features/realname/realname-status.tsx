/** The state of the caller's real name: the badge, the masked details, who the letters name, the consent PDF. */
import { SafetyCertificateFilled } from '@ant-design/icons';
import type { RealnameInfo } from '@trackline/contract/realname';
import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS = { none: 'default', pending: 'processing', verified: 'success', failed: 'error' } as const;

export function RealnameStatus({ info }: { info: RealnameInfo }) {
  const { t } = useTranslation();
  const party = info.legal_party;
  return (
    <section className="realname-card" aria-labelledby="realname-state-title">
      <h2 id="realname-state-title">{t('realname.stateLabel')}</h2>
      <div className="realname-actions">
        <Tag color={COLOURS[info.state]} data-testid="realname-state">
          {t(`realname.state.${info.state}`)}
        </Tag>
        {info.state === 'verified' && (
          <span className="realname-badge" data-testid="realname-badge">
            <SafetyCertificateFilled aria-hidden="true" style={{ color: '#52c41a' }} /> {t('realname.badgeVerified')}
          </span>
        )}
      </div>
      {info.state === 'failed' && info.fail_reason && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          role="alert"
          message={t('realname.failedReason', { reason: info.fail_reason })}
        />
      )}
      {info.became_adult && (
        <Alert style={{ marginTop: 12 }} type="info" showIcon message={t('realname.becameAdult')} />
      )}
      <dl className="realname-facts">
        {info.real_name_masked && (
          <>
            <dt>{t('realname.maskedName')}</dt>
            <dd>{info.real_name_masked}</dd>
          </>
        )}
        {info.id_masked && (
          <>
            <dt>{t('realname.maskedId')}</dt>
            <dd>{info.id_masked}</dd>
          </>
        )}
        {info.guardian && (
          <>
            <dt>{t('realname.guardian')}</dt>
            <dd>
              {info.guardian.name_masked}（{t(`realname.relations.${info.guardian.relation}`)}，
              {info.guardian.id_masked}，{info.guardian.mobile_masked}）
              {info.guardian.consent_url && (
                <>
                  {' '}
                  <a href={info.guardian.consent_url} target="_blank" rel="noopener noreferrer">
                    {t('realname.consentPdf')}
                  </a>
                </>
              )}
            </dd>
          </>
        )}
        <dt>{t('realname.legalParty')}</dt>
        <dd data-testid="realname-legal-party">
          {party ? (
            <>
              {party.name}
              {party.guardian_name && <> · {t('realname.guardianOnLetter', { name: party.guardian_name })}</>}{' '}
              <Tag color={party.verified ? 'success' : 'default'}>
                {t(`realname.state.${party.verified ? 'verified' : info.state === 'failed' ? 'failed' : 'pending'}`)}
              </Tag>
            </>
          ) : (
            t('realname.legalPartyNone')
          )}
        </dd>
      </dl>
    </section>
  );
}
