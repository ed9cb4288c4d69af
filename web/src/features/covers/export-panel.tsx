/**
 * Export: the server renders the design at 3000×3000 and checks it; a refusal lists every rule broken (in the
 * page's language), a pass offers the download and, with a work, "set as the work's cover" in one click (the works
 * path's own checks run again on the server).
 */
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import type { CoverDesign } from '@trackline/contract/covers';
import type { CoverExport, CoverIssue } from '@trackline/contract/covers-types';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { useInvalidateWorks } from '../works/works-api';
import { exportCover, refusedIssues, setAsCover } from './covers-api';

function IssueList({ issues, lang }: { issues: CoverIssue[]; lang: 'zh-CN' | 'en' }) {
  return (
    <ul className="cover-issues">
      {issues.map((i) => (
        <li key={`${i.rule}-${i.field}`} data-rule={i.rule}>
          {i.text[lang]}
        </li>
      ))}
    </ul>
  );
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

export function ExportPanel({
  design,
  workId,
  workTitle,
}: {
  design: CoverDesign | null;
  workId: number | null;
  workTitle: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  const [busy, setBusy] = useState<'export' | 'use' | null>(null);
  const [result, setResult] = useState<CoverExport | null>(null);
  const [refused, setRefused] = useState<CoverIssue[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [used, setUsed] = useState(false);
  const invalidateWorks = useInvalidateWorks();

  const run = async () => {
    if (!design) return;
    setBusy('export');
    setResult(null);
    setRefused([]);
    setFailure(null);
    setUsed(false);
    try {
      setResult(await exportCover(design, workId));
    } catch (error) {
      const issues = refusedIssues(error);
      if (issues.length) setRefused(issues);
      else setFailure(isApiError(error) && error.msg ? error.msg : t('covers.export.failed'));
    } finally {
      setBusy(null);
    }
  };

  const use = async () => {
    if (!result || !workId) return;
    setBusy('use');
    setFailure(null);
    try {
      await setAsCover(result.key, workId);
      setUsed(true);
      void invalidateWorks();
    } catch (error) {
      const issues = refusedIssues(error);
      if (issues.length) setRefused(issues);
      else setFailure(isApiError(error) && error.msg ? error.msg : t('covers.export.failed'));
    } finally {
      setBusy(null);
    }
  };

  const warnings = result?.warnings.filter((w) => w.severity === 'warning') ?? [];
  return (
    <section className="cover-panel cover-export" aria-labelledby="cover-export-title">
      <h3 id="cover-export-title" className="visually-hidden">
        {t('covers.export.run')}
      </h3>
      <Button
        type="primary"
        size="large"
        block
        icon={<ExportOutlined aria-hidden="true" />}
        loading={busy === 'export'}
        disabled={!design}
        onClick={run}
        data-testid="export-cover"
      >
        {t('covers.export.run')}
      </Button>
      <div aria-live="polite" className="cover-export__status">
        {busy === 'export' && <p className="cover-muted">{t('covers.export.running')}</p>}
        {refused.length > 0 && (
          <Alert
            type="error"
            showIcon
            message={t('covers.export.refused')}
            description={<IssueList issues={refused} lang={lang} />}
            data-testid="export-refused"
          />
        )}
        {failure && <Alert type="error" showIcon message={failure} />}
        {result && (
          <div className="cover-export__result" data-testid="export-result">
            <Alert
              type="success"
              showIcon
              message={t('covers.export.passed')}
              description={t('covers.export.size', {
                width: String(result.width),
                height: String(result.height),
                size: sizeText(result.bytes),
              })}
            />
            {warnings.length > 0 && (
              <div className="cover-export__warnings">
                <p>{t('covers.export.warnings')}</p>
                <IssueList issues={warnings} lang={lang} />
              </div>
            )}
            <div className="cover-export__actions">
              <Button href={result.url} download icon={<DownloadOutlined aria-hidden="true" />}>
                {t('covers.export.download')}
              </Button>
              {workId ? (
                <Button
                  type="primary"
                  loading={busy === 'use'}
                  disabled={used}
                  onClick={use}
                  data-testid="use-as-cover"
                >
                  {busy === 'use' ? t('covers.export.using') : t('covers.export.use')}
                </Button>
              ) : (
                <span className="cover-muted">{t('covers.export.chooseWork')}</span>
              )}
            </div>
            {used && (
              <Alert
                type="success"
                showIcon
                message={t('covers.export.used', { title: workTitle })}
                data-testid="cover-used"
              />
            )}
          </div>
        )}
      </div>
    </section>
  );
}
