/**
 * /work-publish/step/step-3: read the authorization letter, sign it on screen (required when only the right of use
 * is held, wcStatement 2; optional for 1), see every pre-review finding (errors block submission, warnings do
 * not), agree and submit. Signing moves the work 100 → 200 ("under review"); the signed letter is kept as a PDF.
 */
import { ArrowLeftOutlined, FilePdfOutlined } from '@ant-design/icons';
import { errorCatalogue } from '@trackline/contract/errors';
import { AGREEMENT_VERSION, type WorkDetail } from '@trackline/contract/work-model';
import { Alert, Button, Checkbox, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { WORK_LIST_ROUTE, workStepRoute } from '../../lib/routes';
import { useLegalPartyGate } from '../realname/legal-party-gate';
import { AuthorizationLetter } from './authorization-letter';
import { PrereviewList } from './prereview-list';
import { StepFrame, StepGate } from './publish-shell';
import { SignaturePad } from './signature-pad';
import { useWorkLabels } from './work-labels';
import { WorkStatusTag } from './work-status-tag';
import { authorizationPdfUrl, signWork, useInvalidateWorks, usePrereview } from './works-api';
import './works.css';

function Submitted({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  return (
    <StepFrame step={3} work={{ ...work, status: '200' }}>
      <Result
        status="success"
        title={t('works.sign.doneTitle')}
        subTitle={
          <span data-testid="submitted-status">
            {t('works.sign.doneText')} <WorkStatusTag status="200" />
          </span>
        }
        extra={[
          <a
            key="pdf"
            className="link-button"
            href={authorizationPdfUrl(work.id)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <FilePdfOutlined aria-hidden="true" /> {t('works.actions.pdf')}
          </a>,
          <Link key="list" to={WORK_LIST_ROUTE} className="link-button link-button--primary">
            {t('works.list.title')}
          </Link>,
        ]}
      />
    </StepFrame>
  );
}

function Step3Form({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  const { pick } = useWorkLabels();
  const navigate = useNavigate();
  const invalidate = useInvalidateWorks();
  const prereview = usePrereview(work.id);
  const [signature, setSignature] = useState<string | null>(null);
  const [agree, setAgree] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const signatureRequired = work.wc_statement === 2;
  const blockedBySource = work.source === 8;
  const prereviewClean = prereview.data?.can_submit === true;
  // The letter names the legal party (issue 10): a verified real name or company, or a minor with the guardian.
  const legal = useLegalPartyGate();
  const reasons = [
    legal.blocker,
    !prereview.data ? null : prereviewClean ? null : t('works.sign.blockPrereview'),
    blockedBySource ? pick(errorCatalogue.WORK_NO_AUTHORIZATION) : null,
    signatureRequired && !signature ? pick(errorCatalogue.WORK_SIGNATURE_REQUIRED) : null,
    agree ? null : t('works.sign.blockAgree'),
  ].filter((r): r is string => r !== null);
  const canSubmit = prereviewClean && reasons.length === 0;

  if (done) return <Submitted work={work} />;

  const submit = async () => {
    setSending(true);
    setFailure(null);
    try {
      await signWork({ id: work.id, agree: true, agreement_version: AGREEMENT_VERSION, signature_png: signature });
      invalidate(work.id);
      setDone(true);
    } catch (error) {
      setFailure(isApiError(error) && error.msg ? error.msg : t('works.save.failed'));
      if (isApiError(error) && error.code === errorCatalogue.WORK_PREREVIEW_FAILED.code) void prereview.refetch();
    } finally {
      setSending(false);
    }
  };

  return (
    <StepFrame step={3} work={work}>
      <div className="works-card">
        <AuthorizationLetter work={work} />
      </div>

      <section className="work-section" aria-labelledby="sign-title">
        <h2 id="sign-title" className="work-section__title">
          {t('works.sign.title')}
          {signatureRequired && (
            <span className="work-field__required" aria-hidden="true">
              *
            </span>
          )}
        </h2>
        <p className="work-field__hint">
          {signatureRequired ? t('works.sign.requiredHint') : t('works.sign.optionalHint')}
        </p>
        <SignaturePad onChange={setSignature} required={signatureRequired} />
      </section>

      <section className="work-section" aria-labelledby="prereview-title">
        <div className="work-section__row">
          <h2 id="prereview-title" className="work-section__title">
            {t('works.prereview.title')}
          </h2>
          <Button size="small" loading={prereview.isFetching} onClick={() => void prereview.refetch()}>
            {t('works.prereview.again')}
          </Button>
        </div>
        {prereview.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : prereview.isError ? (
          <Alert type="error" showIcon message={t('works.prereview.loadFailed')} />
        ) : (
          <>
            <PrereviewList issues={prereview.data.issues} />
            {!prereviewClean && (
              <p>
                <Link to={workStepRoute(1, work.id)} state={{ back: true }}>
                  {t('works.prereview.fix')}
                </Link>
              </p>
            )}
          </>
        )}
      </section>

      {blockedBySource && (
        <Alert type="error" showIcon role="alert" message={pick(errorCatalogue.WORK_NO_AUTHORIZATION)} />
      )}

      <div className="work-section">
        <Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)}>
          {t('works.sign.agree', { version: AGREEMENT_VERSION })}
        </Checkbox>
      </div>

      {legal.notice}
      {failure && <Alert type="error" showIcon role="alert" message={failure} />}
      <div className="works-actionbar">
        <Button
          icon={<ArrowLeftOutlined aria-hidden="true" />}
          onClick={() => navigate(workStepRoute(2, work.id), { state: { back: true } })}
        >
          {t('works.steps.back')}
        </Button>
        <div className="works-actionbar__submit">
          {reasons.length > 0 && (
            <ul id="submit-blockers" className="works-blockers">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
          <Button
            type="primary"
            size="large"
            loading={sending}
            disabled={!canSubmit}
            aria-describedby={reasons.length > 0 ? 'submit-blockers' : undefined}
            onClick={() => void submit()}
          >
            {t('works.sign.submit')}
          </Button>
        </div>
      </div>
    </StepFrame>
  );
}

export default function Step3Page() {
  return <StepGate step={3}>{(work) => <Step3Form key={work.id} work={work} />}</StepGate>;
}
