/** The staff console: staff accounts are apart from musicians and carry one or more roles. */
import { z } from 'zod';

export const STAFF_ROLES = ['admin', 'editor', 'finance', 'support', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffLoginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  captcha_id: z.string().max(64).optional(),
  captcha: z.string().max(12).optional(),
});

export const staffInfo = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type StaffInfo = z.infer<typeof staffInfo>;

const staffPassword = z.string().min(1).max(128);
export const staffCreateBody = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9_.-]{3,32}$/),
  name: z.string().trim().min(1).max(64),
  password: staffPassword,
  roles: z.array(z.enum(STAFF_ROLES)).min(1),
});
export const staffUpdateBody = z.object({
  id: z.number().int().positive(),
  name: z.string().trim().min(1).max(64).optional(),
  roles: z.array(z.enum(STAFF_ROLES)).min(1).optional(),
  disabled: z.boolean().optional(),
  password: staffPassword.optional(),
});

const text = (max: number) => z.string().trim().max(max);
export const agentSaveBody = z.object({
  id: z.number().int().positive().optional(),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/),
  site_title: text(64).min(1),
  site_logo: text(500),
  company_name: text(100),
  record_number: text(64),
  record_url: text(500),
  contact_phone: text(64),
  contact_email: text(128),
  contact_address: text(200),
  qr_ios: text(500),
  qr_android: text(500),
  qr_service: text(500),
  qr_wechat: text(500),
});
export type AgentSaveBody = z.infer<typeof agentSaveBody>;

export type StaffLoginBody = z.infer<typeof staffLoginBody>;
export type StaffCreateBody = z.infer<typeof staffCreateBody>;
export type StaffUpdateBody = z.infer<typeof staffUpdateBody>;

/** A site with nothing filled in: the starting point of the console's form, of a plain default site, and of tests. */
export const BLANK_AGENT: Omit<AgentSaveBody, 'id'> = {
  domain: '',
  site_title: '',
  site_logo: '',
  company_name: '',
  record_number: '',
  record_url: '',
  contact_phone: '',
  contact_email: '',
  contact_address: '',
  qr_ios: '',
  qr_android: '',
  qr_service: '',
  qr_wechat: '',
};
