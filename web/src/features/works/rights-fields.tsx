/**
 * Step 1, the rights claimed (spec §3): property, wcStatement and source with its code. Source 8 ("no
 * authorization") can be saved as a draft but never submitted: choosing it says so at once, and why.
 */
import { errorCatalogue } from '@trackline/contract/errors';
import {
  PROPERTIES,
  PROPERTY_LABELS,
  SOURCE_LABELS,
  SOURCES,
  sourceCode,
  WC_STATEMENT_LABELS,
  WC_STATEMENTS,
} from '@trackline/contract/work-model';
import { Alert, Radio, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './field';
import type { InfoDraft } from './info-draft';
import { requiredIssue, shown } from './live-rules';
import { useWorkLabels } from './work-labels';

interface RightsFieldsProps {
  draft: InfoDraft;
  onChange: (patch: Partial<InfoDraft>) => void;
  showRequired: boolean;
}

export function RightsFields({ draft, onChange, showRequired }: RightsFieldsProps) {
  const { t } = useTranslation();
  const { pick, lang } = useWorkLabels();
  const id = useId();

  return (
    <fieldset className="work-section">
      <legend className="work-section__title">{t('works.form.rights')}</legend>
      <div className="work-grid work-grid--one">
        <Field
          id={`${id}-property`}
          label={t('works.fields.property')}
          required
          issues={shown(requiredIssue(draft.property !== null, 'property'), showRequired)}
        >
          {({ describedBy }) => (
            <Radio.Group
              id={`${id}-property`}
              aria-describedby={describedBy}
              value={draft.property}
              options={PROPERTIES.map((p) => ({ value: p, label: pick(PROPERTY_LABELS[p]) }))}
              onChange={(e) => onChange({ property: e.target.value })}
            />
          )}
        </Field>
        <Field
          id={`${id}-wc`}
          label={t('works.fields.wcStatement')}
          required
          hint={t('works.hints.wcStatement')}
          issues={shown(requiredIssue(draft.wc_statement !== null, 'wc_statement'), showRequired)}
        >
          {({ describedBy }) => (
            <Radio.Group
              id={`${id}-wc`}
              aria-describedby={describedBy}
              value={draft.wc_statement}
              options={WC_STATEMENTS.map((w) => ({ value: w, label: pick(WC_STATEMENT_LABELS[w]) }))}
              onChange={(e) => onChange({ wc_statement: e.target.value })}
            />
          )}
        </Field>
        <Field
          id={`${id}-source`}
          label={t('works.fields.source')}
          required
          hint={draft.source ? t('works.hints.sourceCode', { code: sourceCode(draft.source) }) : undefined}
          issues={shown(requiredIssue(draft.source !== null, 'source'), showRequired)}
        >
          {({ describedBy, invalid }) => (
            <Select
              id={`${id}-source`}
              className="work-field__full"
              value={draft.source ?? undefined}
              placeholder={t('works.form.choose')}
              status={invalid || draft.source === 8 ? 'error' : undefined}
              aria-describedby={describedBy}
              options={SOURCES.map((s) => ({ value: s, label: `${s}. ${pick(SOURCE_LABELS[s])}` }))}
              onChange={(source) => onChange({ source })}
            />
          )}
        </Field>
        {draft.source === 8 && (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="source-blocked"
            message={lang === 'en' ? errorCatalogue.WORK_NO_AUTHORIZATION.en : errorCatalogue.WORK_NO_AUTHORIZATION.zh}
            description={t('works.hints.source8')}
          />
        )}
      </div>
    </fieldset>
  );
}
