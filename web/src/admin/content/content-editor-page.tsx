/**
 * Create or edit one item of a kind (/admin/content/<kind>/new, /<kind>/<id>): the site and publish time, the
 * fields its languages share, and its texts in a tab per language (zh-CN always, English optional), bodies in the
 * rich-text editor. "Save draft" keeps it off the site; "Publish" shows it now or, with a future publish time,
 * from then on. Fixed documents (the footer's) can only have their texts edited and republished.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ContentLang } from '@trackline/contract/content-types';
import { formatDate } from '@trackline/contract/format';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Popconfirm,
  Result,
  Select,
  Space,
  Spin,
  Tabs,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { useAdminT } from '../i18n';
import { ImageUploadField } from '../shell/image-upload-field';
import { LoadFailed } from '../shell/load-failed';
import { PageHeader } from '../shell/page-header';
import { applyServerError } from '../shell/server-field-errors';
import {
  type ContentDetail,
  useContentDetail,
  useContentList,
  useContentSites,
  useDeleteContent,
  useSaveContent,
} from './content-api';
import { type KindConfig, type SharedField, siteUrl, type TextField } from './content-kinds';
import { CONTENT_BASE } from './content-nav';
import { ContentStateTag } from './content-state-tag';
import { RichTextField } from './rich-text-field';
import './content-console.css';

const CODE_NOT_FOUND = 2044;
const CODE_CATEGORY_INVALID = 2082;
const CODE_AGENT_UNKNOWN = 2083;
const LANGS: ContentLang[] = ['zh-CN', 'en'];
/** Shared fields a fixed document keeps (the server refuses changing them: 2080). */
const FIXED_LOCKED = ['category_id', 'tid', 'type'];

interface FormValues {
  /** 0: every site. */
  agent_id: number;
  publish_at: Dayjs | null;
  texts: Partial<Record<ContentLang, Record<string, string>>>;
  [shared: string]: unknown;
}

function blankTexts(config: KindConfig): Record<string, string> {
  return Object.fromEntries(config.texts.map((f) => [f.name, '']));
}

function toFormValues(config: KindConfig, detail: ContentDetail | undefined): FormValues {
  const values: FormValues = {
    agent_id: detail?.agent_id ?? 0,
    // A draft's stored time is only a plan when it lies ahead; otherwise "publish" means now.
    publish_at:
      detail && (detail.status === 'published' || Date.parse(detail.publish_at) > Date.now())
        ? dayjs(detail.publish_at)
        : null,
    texts: {
      'zh-CN': { ...blankTexts(config), ...detail?.texts['zh-CN'] },
      en: { ...blankTexts(config), ...detail?.texts.en },
    },
  };
  for (const field of config.shared) {
    const stored = detail?.[field.name];
    if (field.type === 'datetime') values[field.name] = stored ? dayjs(stored as string) : null;
    else if (field.type === 'number') values[field.name] = (stored as number | undefined) ?? 0;
    else if (field.type === 'select') values[field.name] = stored ?? field.options[0]!.value;
    else if (field.type === 'category') values[field.name] = stored ?? undefined;
    else values[field.name] = (stored as string | undefined) ?? '';
  }
  return values;
}

function toBody(
  config: KindConfig,
  detail: ContentDetail | undefined,
  values: FormValues,
  status: string,
  hasEn: boolean,
) {
  const body: Record<string, unknown> = {
    ...(detail ? { id: detail.id } : {}),
    agent_id: values.agent_id || null,
    status,
    ...(values.publish_at ? { publish_at: values.publish_at.toISOString() } : {}),
    texts: { 'zh-CN': values.texts['zh-CN'], ...(hasEn ? { en: values.texts.en } : {}) },
  };
  for (const field of config.shared) {
    const value = values[field.name];
    if (field.type === 'datetime') {
      const iso = value ? (value as Dayjs).toISOString() : null;
      // released_at left empty means "now" (left out); a plan's dates may be cleared (null).
      if (iso !== null || field.name !== 'released_at') body[field.name] = iso;
    } else body[field.name] = value;
  }
  return body;
}

export default function ContentEditorPage({ config, id }: { config: KindConfig; id?: number }) {
  const { t } = useAdminT();
  const detail = useContentDetail(config.kind, id);
  const base = `${CONTENT_BASE}/${config.slug}`;

  if (id !== undefined && detail.isPending)
    return (
      <div className="admin-spinner">
        <Spin aria-label={t('common.loading')} />
      </div>
    );
  if (id !== undefined && detail.isError) {
    if (isApiError(detail.error) && detail.error.code === CODE_NOT_FOUND)
      return (
        <Result
          status="404"
          title={<h1 className="admin-result-title">{t('content.editor.notFound')}</h1>}
          extra={
            <Link to={base} className="admin-link-button">
              {t('content.actions.back')}
            </Link>
          }
        />
      );
    return <LoadFailed onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  }
  return <EditorForm config={config} detail={detail.data} />;
}

function EditorForm({ config, detail }: { config: KindConfig; detail: ContentDetail | undefined }) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const [lang, setLang] = useState<ContentLang>('zh-CN');
  const [initialValues] = useState(() => toFormValues(config, detail));
  const [hasEn, setHasEn] = useState(() => Boolean(detail?.texts.en));
  const publishAt = Form.useWatch('publish_at', form) as Dayjs | null | undefined;
  const save = useSaveContent(config.kind);
  const remove = useDeleteContent(config.kind);
  const sites = useContentSites();
  const categories = useContentList(
    config.category ?? config.kind,
    { page: 1, limit: 50 },
    { enabled: Boolean(config.category) },
  );
  const base = `${CONTENT_BASE}/${config.slug}`;
  const fixed = Boolean(detail?.fixed);
  const scheduling = Boolean(publishAt && publishAt.valueOf() > Date.now());
  const site = sites.data?.find((s) => s.agent_id === detail?.agent_id);
  const kindName = t(config.label);
  const title = detail
    ? t('content.editor.editTitle', { kind: kindName })
    : t('content.editor.newTitle', { kind: kindName });
  const required = (label: string): FormRule => ({
    required: true,
    whitespace: true,
    message: t('content.editor.required', { label }),
  });
  const max = (label: string, n: number): FormRule => ({
    max: n,
    message: t('content.editor.tooLong', { label, max: n }),
  });

  const submit = (status: 'draft' | 'published') =>
    form
      .validateFields()
      .then(() => {
        // Every stored value, also those of a language tab never opened.
        const values = form.getFieldsValue(true) as FormValues;
        save.mutate(toBody(config, detail, values, status, hasEn), {
          onSuccess: (answer) => {
            const state = answer.data.state;
            message.success(
              t(
                state === 'draft'
                  ? 'content.actions.draftSaved'
                  : state === 'scheduled'
                    ? 'content.actions.scheduledOk'
                    : 'content.actions.publishedOk',
              ),
            );
            if (!detail) navigate(`${base}/${answer.data.id}`, { replace: true });
          },
          onError: (error) =>
            applyServerError(form, error, { [CODE_CATEGORY_INVALID]: 'category_id', [CODE_AGENT_UNKNOWN]: 'agent_id' }),
        });
      })
      .catch((info: { errorFields?: Array<{ name: (string | number)[] }> }) => {
        // A missing text may sit in the other language's tab: show that tab.
        const first = info.errorFields?.[0]?.name;
        if (first?.[0] === 'texts' && (first[1] === 'zh-CN' || first[1] === 'en')) setLang(first[1]);
      });

  const onDelete = () =>
    detail &&
    remove.mutateAsync(detail.id).then(
      (answer) => {
        message.success(answer.msg || t('content.actions.deleted'));
        navigate(base, { replace: true });
      },
      () => undefined,
    );

  const sharedControl = (field: SharedField) => {
    const label = t(field.label);
    const locked = fixed && FIXED_LOCKED.includes(field.name);
    switch (field.type) {
      case 'category':
        return (
          <Select
            disabled={locked}
            loading={categories.isPending}
            showSearch
            optionFilterProp="label"
            options={(categories.data?.list ?? []).map((c) => ({
              value: c.id,
              label:
                c.agent_id === null
                  ? c.title
                  : `${c.title} · ${sites.data?.find((s) => s.agent_id === c.agent_id)?.site_title ?? `#${c.agent_id}`}`,
            }))}
          />
        );
      case 'image':
        return <ImageUploadField label={label} />;
      case 'text':
        return <Input maxLength={field.max} autoComplete="off" />;
      case 'number':
        return <InputNumber min={field.min} max={field.max} precision={0} disabled={locked} />;
      case 'select':
        return <Select disabled={locked} options={field.options.map((o) => ({ value: o.value, label: t(o.label) }))} />;
      case 'datetime':
        return <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="content-editor__date" />;
    }
  };

  const sharedRules = (field: SharedField): FormRule[] => {
    const label = t(field.label);
    if (field.type === 'category' || field.type === 'select')
      return [{ required: true, message: t('content.editor.selectRequired', { label }) }];
    if (field.type === 'text') return [...(field.required ? [required(label)] : []), max(label, field.max)];
    if (field.name === 'ends_at')
      return [
        ({ getFieldValue }) => ({
          validator: (_, value: Dayjs | null) => {
            const starts = getFieldValue('starts_at') as Dayjs | null;
            return value && starts && value.isBefore(starts)
              ? Promise.reject(new Error(t('content.editor.invalidRange')))
              : Promise.resolve();
          },
        }),
      ];
    return [];
  };

  const textItem = (field: TextField, l: ContentLang) => {
    const label = t(field.label);
    const langName = t(l === 'en' ? 'content.lang.en' : 'content.lang.zh');
    const rules = [...(field.required ? [required(label)] : []), ...(field.max ? [max(label, field.max)] : [])];
    return (
      <Form.Item key={field.name} name={['texts', l, field.name]} label={label} rules={rules}>
        {field.type === 'rich' ? (
          <RichTextField label={`${label}（${langName}）`} />
        ) : field.type === 'textarea' ? (
          <Input.TextArea maxLength={field.max} autoSize={{ minRows: 2, maxRows: 8 }} showCount />
        ) : (
          <Input maxLength={field.max} autoComplete="off" />
        )}
      </Form.Item>
    );
  };

  const langTab = (l: ContentLang) => {
    if (l === 'zh-CN') return config.texts.map((f) => textItem(f, l));
    if (!hasEn)
      return (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('content.editor.noEn')}>
          <Button onClick={() => setHasEn(true)}>{t('content.editor.addEn')}</Button>
        </Empty>
      );
    return (
      <>
        {config.texts.map((f) => textItem(f, l))}
        <Popconfirm
          title={t('content.editor.removeEnConfirm')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() => setHasEn(false)}
        >
          <Button danger>{t('content.editor.removeEn')}</Button>
        </Popconfirm>
      </>
    );
  };

  const viewHref = detail?.state === 'published' ? siteUrl(config.viewPath(detail), site?.domain) : undefined;

  return (
    <>
      <PageHeader
        title={detail ? `${title} · ${detail.texts['zh-CN']?.[config.texts[0]!.name] ?? ''}` : title}
        documentTitle={title}
        extra={
          <Link to={base}>
            <ArrowLeftOutlined aria-hidden="true" /> {t('content.actions.back')}
          </Link>
        }
      />
      <Form<FormValues> form={form} layout="vertical" initialValues={initialValues} className="content-editor">
        {fixed && <Alert className="content-editor__notice" type="info" showIcon message={t('content.help.fixed')} />}

        <Card title={t('content.editor.publishing')} size="small" className="content-editor__card">
          <div className="content-editor__status">
            {detail && <ContentStateTag state={detail.state} publishAt={detail.publish_at} />}
            {detail?.state === 'scheduled' && (
              <span>{t('content.actions.scheduledAt', { time: formatDate(detail.publish_at, true) })}</span>
            )}
            {detail?.state === 'published' && (
              <span>{t('content.actions.publishedAt', { time: formatDate(detail.publish_at, true) })}</span>
            )}
            {detail && <span>{t('content.editor.updatedAt', { time: formatDate(detail.updated_at, true) })}</span>}
            {viewHref && (
              <a href={viewHref} target="_blank" rel="noopener noreferrer">
                {t('content.actions.view')}
              </a>
            )}
          </div>
          <Space wrap size="large" align="start">
            <Form.Item name="agent_id" label={t('content.field.site')} extra={t('content.help.site')}>
              <Select
                className="content-editor__site"
                disabled={fixed}
                loading={sites.isPending}
                options={(sites.data ?? []).map((s) => ({
                  value: s.agent_id ?? 0,
                  label: s.agent_id === null ? t('content.global') : `${s.site_title} (${s.domain})`,
                }))}
              />
            </Form.Item>
            {!fixed && (
              <Form.Item name="publish_at" label={t('content.field.publishAt')} extra={t('content.help.publishAt')}>
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  placeholder={t('content.editor.publishAtPlaceholder')}
                  className="content-editor__date"
                  // Empty means "now" for a new item or a draft; a published one keeps a time of its own.
                  allowClear={detail?.status !== 'published'}
                />
              </Form.Item>
            )}
          </Space>
        </Card>

        {config.shared.length > 0 && (
          <Card title={t('content.editor.shared')} size="small" className="content-editor__card">
            {config.shared.map((field) => (
              <Form.Item
                key={field.name}
                name={field.name}
                label={t(field.label)}
                rules={sharedRules(field)}
                extra={'help' in field && field.help ? t(field.help) : undefined}
                dependencies={field.name === 'ends_at' ? ['starts_at'] : undefined}
              >
                {sharedControl(field)}
              </Form.Item>
            ))}
          </Card>
        )}

        <Card title={t('content.editor.texts')} size="small" className="content-editor__card">
          <Tabs
            activeKey={lang}
            onChange={(key) => setLang(key as ContentLang)}
            aria-label={t('content.editor.langTabs')}
            items={LANGS.map((l) => ({
              key: l,
              label: t(l === 'en' ? 'content.lang.en' : 'content.lang.zh'),
              forceRender: true,
              children: langTab(l),
            }))}
          />
        </Card>

        <div className="content-editor__actions">
          <Space wrap>
            {!fixed && (
              <Button onClick={() => submit('draft')} loading={save.isPending && save.variables?.status === 'draft'}>
                {t('content.actions.saveDraft')}
              </Button>
            )}
            <Button
              type="primary"
              onClick={() => submit('published')}
              loading={save.isPending && save.variables?.status === 'published'}
            >
              {t(scheduling ? 'content.actions.schedule' : 'content.actions.publish')}
            </Button>
          </Space>
          {detail && !fixed && (
            <Popconfirm
              title={t('content.actions.deleteConfirm', {
                title: detail.texts['zh-CN']?.[config.texts[0]!.name] ?? String(detail.id),
              })}
              okText={t('content.actions.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={onDelete}
            >
              <Button danger loading={remove.isPending}>
                {t('content.actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </div>
      </Form>
    </>
  );
}
