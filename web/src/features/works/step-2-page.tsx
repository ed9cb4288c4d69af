/**
 * /work-publish/step/step-2: where and when — the platforms (from the platforms table, by region), the territories
 * (worldwide or a list) and the release date (not before today plus the platforms' lead time; the server has the
 * last word and its refusal shows under the date). Saving moves the work 10 → 100 and opens step 3.
 */
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { errorCatalogue } from '@trackline/contract/errors';
import { COMMON_TERRITORIES, TERRITORIES, type Territory, type WorkDetail } from '@trackline/contract/work-model';
import { Alert, Button, Checkbox, DatePicker, Radio, Select, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError, showApiError } from '../../api/client';
import { workStepRoute } from '../../lib/routes';
import { PlatformPicker } from './platform-picker';
import { StepFrame, StepGate } from './publish-shell';
import { clearScopeDraft, readScopeDraft, writeScopeDraft } from './scope-draft';
import { territoryName, useWorkLabels } from './work-labels';
import { saveWorkScope, useInvalidateWorks, usePlatforms } from './works-api';
import './works.css';

/**
 * Days the platforms need before a release: the server's RELEASE_LEAD_DAYS decides (its refusal names the earliest
 * date); this is its default, so the picker rarely offers a date the server refuses.
 */
export const RELEASE_LEAD_DAYS = 7;

/** The first date the platforms can take: the server's (Asia/Shanghai today + its lead days), else our estimate. */
function earliestRelease(work: WorkDetail): Dayjs {
  return work.earliest_release_date
    ? dayjs(work.earliest_release_date)
    : dayjs().startOf('day').add(RELEASE_LEAD_DAYS, 'day');
}

function Step2Form({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  const { lang } = useWorkLabels();
  const navigate = useNavigate();
  const invalidate = useInvalidateWorks();
  const platforms = usePlatforms();
  // What was picked here before a refresh wins over what the server last saved (scope-draft.ts).
  const [draft] = useState(() => readScopeDraft(work.id));
  const [chosen, setChosen] = useState<string[] | null>(
    draft ? draft.platforms : work.platforms.length > 0 ? work.platforms : null,
  );
  const [worldwide, setWorldwide] = useState(draft ? draft.worldwide : work.territories === 'worldwide');
  const [territories, setTerritories] = useState<Territory[]>(
    draft ? draft.territories : work.territories === 'worldwide' ? [] : work.territories,
  );
  const [date, setDate] = useState<Dayjs | null>(() => {
    const value = draft ? draft.releaseDate : work.release_date;
    return value ? dayjs(value) : null;
  });
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (touched)
      writeScopeDraft(work.id, {
        platforms: chosen,
        worldwide,
        territories,
        releaseDate: date ? date.format('YYYY-MM-DD') : null,
      });
  }, [touched, work.id, chosen, worldwide, territories, date]);
  const common = new Set<string>(COMMON_TERRITORIES);
  const otherTerritories = territories.filter((code) => !common.has(code));
  const [errors, setErrors] = useState<{ platforms?: string; territories?: string; date?: string; other?: string }>({});
  const [saving, setSaving] = useState(false);

  // A new scope starts with every platform chosen: most musicians release everywhere.
  const selected = chosen ?? platforms.data?.map((p) => p.code) ?? [];

  const submit = async () => {
    const found: typeof errors = {};
    if (selected.length === 0) found.platforms = t('works.scope.platformsRequired');
    if (!worldwide && territories.length === 0) found.territories = t('works.scope.territoriesRequired');
    if (!date) found.date = t('works.scope.dateRequired');
    setErrors(found);
    if (Object.keys(found).length > 0 || !date) return;
    setSaving(true);
    try {
      await saveWorkScope({
        id: work.id,
        platforms: selected,
        territories: worldwide ? 'worldwide' : territories,
        release_date: date.format('YYYY-MM-DD'),
      });
      clearScopeDraft(work.id);
      invalidate(work.id);
      navigate(workStepRoute(3, work.id), { state: { back: true } });
    } catch (error) {
      if (!isApiError(error)) showApiError(error);
      else if (error.code === errorCatalogue.WORK_RELEASE_DATE_TOO_SOON.code) {
        const earliest = (error.data as { earliest?: unknown } | null)?.earliest;
        setErrors({
          date:
            typeof earliest === 'string' ? `${error.msg} ${t('works.scope.earliest', { date: earliest })}` : error.msg,
        });
      } else if (error.code === errorCatalogue.WORK_PLATFORM_UNKNOWN.code) setErrors({ platforms: error.msg });
      else setErrors({ other: error.msg || t('works.save.failed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <StepFrame step={2} work={work}>
      <section className="work-section" aria-labelledby="scope-platforms">
        <h2 id="scope-platforms" className="work-section__title">
          {t('works.scope.platforms')}
        </h2>
        {platforms.isPending ? (
          <Skeleton active />
        ) : platforms.isError ? (
          <Alert
            type="error"
            message={t('works.loadFailed')}
            action={<Button onClick={() => void platforms.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <PlatformPicker
            platforms={platforms.data}
            value={selected}
            onChange={(value) => {
              setChosen(value);
              setTouched(true);
            }}
          />
        )}
        {errors.platforms && (
          <p className="rule-issue rule-issue--error" role="alert">
            {errors.platforms}
          </p>
        )}
      </section>

      <fieldset className="work-section">
        <legend className="work-section__title">{t('works.scope.territories')}</legend>
        <Radio.Group
          value={worldwide}
          onChange={(e) => {
            setWorldwide(e.target.value);
            setTouched(true);
          }}
        >
          <Radio value={true}>{t('works.scope.worldwide')}</Radio>
          <Radio value={false}>{t('works.scope.someTerritories')}</Radio>
        </Radio.Group>
        {!worldwide && (
          <>
            <Checkbox.Group
              className="territory-grid"
              value={territories.filter((code) => common.has(code))}
              aria-label={t('works.scope.commonTerritories')}
              options={COMMON_TERRITORIES.map((code) => ({ value: code, label: territoryName(code, lang) }))}
              onChange={(value) => {
                setTerritories([...(value as Territory[]), ...otherTerritories]);
                setTouched(true);
              }}
            />
            <label className="work-field__label" htmlFor="scope-more-territories">
              {t('works.scope.moreTerritories')}
            </label>
            <Select
              id="scope-more-territories"
              mode="multiple"
              allowClear
              className="territory-more"
              placeholder={t('works.scope.moreTerritoriesPlaceholder')}
              value={otherTerritories}
              optionFilterProp="label"
              options={TERRITORIES.filter((code) => !common.has(code))
                .map((code) => ({ value: code, label: `${territoryName(code, lang)} (${code})` }))
                .sort((a, b) => a.label.localeCompare(b.label, lang))}
              onChange={(value: Territory[]) => {
                setTerritories([...territories.filter((code) => common.has(code)), ...value]);
                setTouched(true);
              }}
            />
          </>
        )}
        {errors.territories && (
          <p className="rule-issue rule-issue--error" role="alert">
            {errors.territories}
          </p>
        )}
      </fieldset>

      <section className="work-section" aria-labelledby="scope-date">
        <h2 className="work-section__title">
          <label id="scope-date" htmlFor="scope-date-input">
            {t('works.scope.releaseDate')}
          </label>
        </h2>
        <DatePicker
          id="scope-date-input"
          value={date}
          disabledDate={(d) => d.isBefore(earliestRelease(work), 'day')}
          status={errors.date ? 'error' : undefined}
          aria-describedby="scope-date-hint"
          onChange={(d) => {
            setDate(d);
            setTouched(true);
            setErrors((e) => ({ ...e, date: undefined }));
          }}
        />
        <p id="scope-date-hint" className="work-field__hint">
          {t('works.scope.dateHint', { date: earliestRelease(work).format('YYYY-MM-DD') })}
        </p>
        {errors.date && (
          <p className="rule-issue rule-issue--error" role="alert" data-testid="release-date-error">
            {errors.date}
          </p>
        )}
      </section>

      {errors.other && <Alert type="error" showIcon role="alert" message={errors.other} />}
      <div className="works-actionbar">
        <Button
          icon={<ArrowLeftOutlined aria-hidden="true" />}
          onClick={() => navigate(workStepRoute(1, work.id), { state: { back: true } })}
        >
          {t('works.steps.back')}
        </Button>
        <Button
          type="primary"
          size="large"
          loading={saving}
          icon={<ArrowRightOutlined aria-hidden="true" />}
          iconPosition="end"
          onClick={() => void submit()}
        >
          {t('works.steps.next')}
        </Button>
      </div>
    </StepFrame>
  );
}

export default function Step2Page() {
  return <StepGate step={2}>{(work) => <Step2Form key={work.id} work={work} />}</StepGate>;
}
