/**
 * /realidcation/dev-verify?attempt=… : the development provider's page (IDENTITY_PROVIDER=dev). A developer passes
 * or fails the attempt; the choice reaches the server as the same signed callback a real provider sends.
 */
import { REALNAME_PAGES } from '@trackline/contract/realname-paths';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { feedbackMessage } from '../../lib/antd-feedback';
import { devDecide, useRefreshRealname } from './realname-api';
import './realname.css';

export default function DevVerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refresh = useRefreshRealname();
  const attempt = params.get('attempt') ?? '';
  const [reason, setReason] = useState<string>(t('realname.devReasonDefault'));
  const [busy, setBusy] = useState<'pass' | 'fail' | null>(null);

  const decide = async (result: 'pass' | 'fail') => {
    setBusy(result);
    try {
      await devDecide({ attempt, result, reason: result === 'fail' ? reason : '' });
      refresh();
      feedbackMessage().success(t('realname.devDone'));
      navigate(REALNAME_PAGES.person);
    } catch {
      // the client showed why
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="realname-page">
      <h1>{t('realname.devTitle')}</h1>
      <section className="realname-card">
        <p>{t('realname.devIntro')}</p>
        {!attempt ? (
          <Alert type="error" showIcon message={t('realname.devMissing')} />
        ) : (
          <div style={{ display: 'grid', gap: 12, maxWidth: 420 }}>
            <label htmlFor="dev-reason">{t('realname.devReason')}</label>
            <Input id="dev-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
            <div className="realname-actions">
              <Button
                type="primary"
                loading={busy === 'pass'}
                disabled={busy !== null}
                onClick={() => void decide('pass')}
              >
                {t('realname.devPass')}
              </Button>
              <Button danger loading={busy === 'fail'} disabled={busy !== null} onClick={() => void decide('fail')}>
                {t('realname.devFail')}
              </Button>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
