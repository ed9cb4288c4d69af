/**
 * One kind's list in the content console: filters (status, language, site, and category, type or platform where
 * the kind has them, title search) and the page live in the URL, so a filtered list survives opening an item and
 * coming back. Each row links to its editor, to the site when it is published, and can be deleted after a
 * confirmation (never the fixed documents).
 */
import type { ContentAdminRow, ContentState } from '@trackline/contract/content-admin-types';
import { CONTENT_ADMIN_PAGE_MAX } from '@trackline/contract/content-admin-types';
import type { ContentLang } from '@trackline/contract/content-types';
import { formatDate } from '@trackline/contract/format';
import { App, Button, Input, Popconfirm, Select, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAdminT } from '../i18n';
import { ListPage } from '../shell/list-page';
import { type ContentFilters, useContentList, useContentPage, useContentSites, useDeleteContent } from './content-api';
import { HELP_TYPES, type KindConfig, PLATFORMS, siteUrl } from './content-kinds';
import { CONTENT_BASE } from './content-nav';
import { ContentStateTag } from './content-state-tag';
import './content-console.css';

const PAGE_SIZE = 20;
const STATES: ContentState[] = ['draft', 'scheduled', 'published'];

const positive = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 0 ? n : undefined;
};

function readFilters(params: URLSearchParams): ContentFilters {
  const state = params.get('status') as ContentState | null;
  const lang = params.get('lang') as ContentLang | null;
  return {
    page: positive(params.get('page')) || 1,
    limit: PAGE_SIZE,
    status: state && STATES.includes(state) ? state : undefined,
    lang: lang === 'zh-CN' || lang === 'en' ? lang : undefined,
    agent_id: positive(params.get('agent_id')),
    category_id: positive(params.get('category_id')) || undefined,
    type: positive(params.get('type')) || undefined,
    platform: (params.get('platform') as ContentFilters['platform']) || undefined,
    keyword: params.get('keyword') || undefined,
  };
}

export default function ContentListPage({ config }: { config: KindConfig }) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { list, total } = useContentPage(config.kind, filters);
  const sites = useContentSites();
  const categories = useContentList(
    config.category ?? config.kind,
    { page: 1, limit: CONTENT_ADMIN_PAGE_MAX },
    { enabled: Boolean(config.category) },
  );
  const remove = useDeleteContent(config.kind);
  const base = `${CONTENT_BASE}/${config.slug}`;

  /** Changes filters (back to page 1 unless the page is what changes). */
  const setFilter = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const site = (agentId: number | null) => sites.data?.find((s) => s.agent_id === agentId);
  const siteName = (agentId: number | null) =>
    agentId === null ? t('content.global') : (site(agentId)?.site_title ?? `#${agentId}`);

  const onDelete = (row: ContentAdminRow) =>
    remove.mutateAsync(row.id).then(
      (answer) => {
        message.success(answer.msg || t('content.actions.deleted'));
      },
      () => undefined, // the client has shown the refusal
    );

  const columns: TableColumnsType<ContentAdminRow> = [
    { title: t('content.field.id'), dataIndex: 'id', key: 'id', width: 72 },
    {
      title: t(config.texts[0]!.label),
      key: 'title',
      render: (_, row) => (
        <Space size={4} wrap>
          <Link to={`${base}/${row.id}`}>{row.title || '--'}</Link>
          {row.fixed && (
            <Tooltip title={t('content.help.fixed')}>
              <Tag color="purple">{t('content.actions.fixedNoDelete')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('content.field.langs'),
      key: 'langs',
      render: (_, row) => (
        <Space size={2}>
          {row.langs.map((lang) => (
            <Tag key={lang}>{t(lang === 'en' ? 'content.lang.en' : 'content.lang.zh')}</Tag>
          ))}
        </Space>
      ),
    },
    ...(config.category ? [{ title: t('content.field.category'), dataIndex: 'category_name', key: 'category' }] : []),
    ...(config.filters.type
      ? [
          {
            title: t('content.field.helpType'),
            key: 'type',
            render: (_: unknown, row: ContentAdminRow) =>
              t(row.type === 2 ? 'content.helpType.documents' : 'content.helpType.topics'),
          },
        ]
      : []),
    ...(config.filters.platform
      ? [
          {
            title: t('content.field.platform'),
            key: 'platform',
            render: (_: unknown, row: ContentAdminRow) => {
              const p = PLATFORMS.find((x) => x.value === row.platform);
              return p ? t(p.label) : row.platform;
            },
          },
        ]
      : []),
    { title: t('content.field.site'), key: 'site', render: (_, row) => siteName(row.agent_id) },
    {
      title: t('content.field.status'),
      key: 'state',
      render: (_, row) => <ContentStateTag state={row.state} publishAt={row.publish_at} />,
    },
    {
      title: t('content.field.publishAt'),
      dataIndex: 'publish_at',
      key: 'publish_at',
      render: (value: string) => formatDate(value, true),
    },
    {
      title: t('content.field.updatedAt'),
      dataIndex: 'updated_at',
      key: 'updated_at',
      render: (value: string) => formatDate(value, true),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) => (
        <span className="admin-row-actions">
          <Link to={`${base}/${row.id}`} className="content-row-link">
            {t('common.edit')}
          </Link>
          {row.state === 'published' && (
            <a
              href={siteUrl(config.viewPath({ ...row }), site(row.agent_id)?.domain)}
              target="_blank"
              rel="noopener noreferrer"
              className="content-row-link"
            >
              {t('content.actions.view')}
            </a>
          )}
          {!row.fixed && (
            <Popconfirm
              title={t('content.actions.deleteConfirm', { title: row.title })}
              okText={t('content.actions.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete(row)}
            >
              <Button type="link" size="small" danger aria-label={`${t('content.actions.delete')} ${row.title}`}>
                {t('content.actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </span>
      ),
    },
  ];

  const toolbar = (
    <search aria-label={t('content.filter.label')}>
      <Space wrap className="admin-list-toolbar">
        <Select
          aria-label={t('content.field.status')}
          className="content-filter"
          value={filters.status ?? ''}
          onChange={(value: string) => setFilter({ status: value || undefined })}
          options={[
            { value: '', label: t('content.filter.allStatus') },
            ...STATES.map((s) => ({ value: s, label: t(`content.state.${s}`) })),
          ]}
        />
        <Select
          aria-label={t('content.field.langs')}
          className="content-filter"
          value={filters.lang ?? ''}
          onChange={(value: string) => setFilter({ lang: value || undefined })}
          options={[
            { value: '', label: t('content.filter.allLangs') },
            { value: 'zh-CN', label: t('content.lang.zh') },
            { value: 'en', label: t('content.lang.en') },
          ]}
        />
        <Select
          aria-label={t('content.field.site')}
          className="content-filter content-filter--wide"
          value={filters.agent_id ?? -1}
          loading={sites.isPending}
          onChange={(value: number) => setFilter({ agent_id: value < 0 ? undefined : value })}
          options={[
            { value: -1, label: t('content.filter.allSites') },
            ...(sites.data ?? []).map((s) => ({
              value: s.agent_id ?? 0,
              label: s.agent_id === null ? t('content.global') : `${s.site_title} (${s.domain})`,
            })),
          ]}
        />
        {config.filters.category && (
          <Select
            aria-label={t('content.field.category')}
            className="content-filter content-filter--wide"
            value={filters.category_id ?? 0}
            loading={categories.isPending}
            onChange={(value: number) => setFilter({ category_id: value || undefined })}
            options={[
              { value: 0, label: t('content.filter.allCategories') },
              ...(categories.data?.list ?? []).map((c) => ({ value: c.id, label: c.title })),
            ]}
          />
        )}
        {config.filters.type && (
          <Select
            aria-label={t('content.field.helpType')}
            className="content-filter"
            value={filters.type ?? 0}
            onChange={(value: number) => setFilter({ type: value || undefined })}
            options={[
              { value: 0, label: t('content.filter.allTypes') },
              ...HELP_TYPES.map((h) => ({ value: h.value, label: t(h.label) })),
            ]}
          />
        )}
        {config.filters.platform && (
          <Select
            aria-label={t('content.field.platform')}
            className="content-filter"
            value={filters.platform ?? ''}
            onChange={(value: string) => setFilter({ platform: value || undefined })}
            options={[
              { value: '', label: t('content.filter.allPlatforms') },
              ...PLATFORMS.map((p) => ({ value: p.value, label: t(p.label) })),
            ]}
          />
        )}
        <Input.Search
          key={filters.keyword ?? ''}
          aria-label={t('content.filter.keyword')}
          placeholder={t('content.filter.keywordPlaceholder')}
          defaultValue={filters.keyword}
          allowClear
          maxLength={100}
          onSearch={(value) => setFilter({ keyword: value.trim() || undefined })}
          className="content-filter--search"
        />
        <Button onClick={() => setParams(new URLSearchParams())}>{t('content.filter.reset')}</Button>
      </Space>
    </search>
  );

  return (
    <ListPage
      title={t(config.label)}
      createLabel={t(config.create)}
      onCreate={() => navigate(`${base}/new`)}
      toolbar={toolbar}
      emptyText={t('content.empty')}
      columns={columns}
      list={list}
      pagination={{
        current: filters.page,
        pageSize: PAGE_SIZE,
        total,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: (page) => setFilter({ page }),
      }}
    />
  );
}
