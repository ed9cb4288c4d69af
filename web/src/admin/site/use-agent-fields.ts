/**
 * The site form's fields, grouped as the drawer shows them, with the contract's limits
 * (contract/staff.ts agentSaveBody) as client checks.
 */
import type { AgentSaveBody } from '@trackline/contract/staff';
import { agentSaveBody, BLANK_AGENT } from '@trackline/contract/staff';
import type { FormRule } from 'antd';
import { type AdminKey, useAdminT } from '../i18n';

export type AgentFormValues = Omit<AgentSaveBody, 'id'>;
export type AgentField = keyof AgentFormValues;

export interface AgentFieldDef {
  name: AgentField;
  label: AdminKey;
  kind: 'text' | 'image';
  max: number;
  rules: FormRule[];
  help?: AdminKey;
}

export interface AgentFieldGroup {
  title: AdminKey;
  fields: AgentFieldDef[];
}

export const EMPTY_AGENT: AgentFormValues = BLANK_AGENT;

const HTTP_URL = /^https?:\/\/\S+$/i;

export function useAgentFieldGroups(): AgentFieldGroup[] {
  const { t } = useAdminT();
  const max = (n: number): FormRule => ({ max: n, message: t('agents.tooLong', { max: n }) });
  const text = (name: AgentField, label: AdminKey, n: number, rules: FormRule[] = []): AgentFieldDef => ({
    name,
    label,
    kind: 'text',
    max: n,
    rules: [...rules, max(n)],
  });
  const image = (name: AgentField, label: AdminKey): AgentFieldDef => ({
    name,
    label,
    kind: 'image',
    max: 500,
    rules: [],
  });

  const domain: FormRule[] = [
    { required: true, whitespace: true, message: t('agents.domainRequired') },
    {
      validator: (_rule, value: string | undefined) =>
        !value?.trim() || agentSaveBody.shape.domain.safeParse(value).success
          ? Promise.resolve()
          : Promise.reject(new Error(t('agents.domainInvalid'))),
    },
  ];
  const email: FormRule[] = [{ type: 'email', message: t('agents.emailInvalid') }];
  const url: FormRule[] = [{ pattern: HTTP_URL, message: t('agents.urlInvalid') }];

  return [
    {
      title: 'agents.sectionBasic',
      fields: [
        { ...text('domain', 'agents.domain', 253, domain), help: 'agents.domainHelp' },
        text('site_title', 'agents.siteTitle', 64, [
          { required: true, whitespace: true, message: t('agents.siteTitleRequired') },
        ]),
        image('site_logo', 'agents.siteLogo'),
      ],
    },
    {
      title: 'agents.sectionFiling',
      fields: [
        text('company_name', 'agents.company', 100),
        text('record_number', 'agents.recordNumber', 64),
        text('record_url', 'agents.recordUrl', 500, url),
      ],
    },
    {
      title: 'agents.sectionContact',
      fields: [
        text('contact_phone', 'agents.phone', 64),
        text('contact_email', 'agents.email', 128, email),
        text('contact_address', 'agents.address', 200),
      ],
    },
    {
      title: 'agents.sectionQr',
      fields: [
        image('qr_ios', 'agents.qrIos'),
        image('qr_android', 'agents.qrAndroid'),
        image('qr_service', 'agents.qrService'),
        image('qr_wechat', 'agents.qrWechat'),
      ],
    },
  ];
}

/** Trimmed strings for every field ('' for empty), as the save call wants them. */
export function toAgentBody(values: Partial<AgentFormValues>): AgentFormValues {
  const body = { ...EMPTY_AGENT };
  for (const key of Object.keys(EMPTY_AGENT) as AgentField[]) body[key] = (values[key] ?? '').trim();
  body.domain = body.domain.toLowerCase();
  return body;
}
