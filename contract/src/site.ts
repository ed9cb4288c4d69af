/** Site configuration ("agent", spec §3): looked up by the domain the visitor came in on. */
import { z } from 'zod';

export const agentInfo = z.object({
  id: z.number(),
  domain: z.string(),
  site_logo: z.string(),
  site_title: z.string(),
  company_name: z.string(),
  record_number: z.string(),
  record_url: z.string(),
  contact_phone: z.string(),
  contact_email: z.string(),
  contact_address: z.string(),
  qr_ios: z.string(),
  qr_android: z.string(),
  qr_service: z.string(),
  qr_wechat: z.string(),
});
export type AgentInfo = z.infer<typeof agentInfo>;

export const agentInfoQuery = z.object({ domain: z.string().max(253).optional() });
export const agentInfoData = z.object({ data: agentInfo });
