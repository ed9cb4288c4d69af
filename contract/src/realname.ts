/** Real names, minors and enterprise verification (issue 10): request bodies and the answers' shapes. */
import { z } from 'zod';

/** The minors' terms the guardian agrees to at /register/children; a new version asks again. */
export const MINOR_TERMS_VERSION = '2026-11';

const legalName = z.string().trim().min(1).max(60);
const idNumber = z.string().trim().min(1).max(30);
const mobile = z.string().trim().min(1).max(20);
const smsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

export const realnameSaveBody = z.object({ real_name: legalName, id_number: idNumber });
export type RealnameSaveBody = z.infer<typeof realnameSaveBody>;

export const GUARDIAN_RELATIONS = ['father', 'mother', 'other'] as const;
export type GuardianRelationCode = (typeof GUARDIAN_RELATIONS)[number];

export const sendNonageBody = z.object({
  minor_name: legalName,
  minor_id_number: idNumber,
  guardian_name: legalName,
  guardian_id_number: idNumber,
  guardian_relation: z.enum(GUARDIAN_RELATIONS),
  guardian_mobile: mobile,
  /** Needed only when the guardian's mobile is not the one registered with the minor's account. */
  guardian_code: smsCode.optional(),
  /** The guardian's consent drawn on screen: a PNG data URL. */
  consent_png: z.string().max(3_000_000),
  agree: z.literal(true),
});
export type SendNonageBody = z.infer<typeof sendNonageBody>;

export const callbackBody = z.object({
  attempt: z.string().min(1).max(100),
  result: z.enum(['pass', 'fail']),
  reason: z.string().max(200).default(''),
  nonce: z.string().min(8).max(100),
  timestamp: z.number().int(),
  signature: z.string().min(1).max(200),
});
export type CallbackBody = z.infer<typeof callbackBody>;

export const devDecideBody = z.object({
  attempt: z.string().min(1).max(100),
  result: z.enum(['pass', 'fail']),
  reason: z.string().trim().max(200).default(''),
});

export const registerChildrenBody = z.object({
  mobile,
  code: smsCode,
  guardian_mobile: mobile,
  guardian_code: smsCode,
  password: z.string().min(1).max(128),
  nickname: z.string().trim().max(32).optional(),
  agree_minor_terms: z.literal(true),
  terms_version: z.string().max(20),
});
export type RegisterChildrenBody = z.infer<typeof registerChildrenBody>;

export const enterpriseSaveBody = z.object({
  company_name: z.string().trim().min(2).max(100),
  credit_code: z.string().trim().min(1).max(30),
  /** The key /api/common/upload answered for the licence image. */
  licence_key: z.string().min(1).max(300),
  contact_name: z.string().trim().min(1).max(30),
  contact_mobile: mobile,
});
export type EnterpriseSaveBody = z.infer<typeof enterpriseSaveBody>;

export type IdentityStateCode = 'none' | 'pending' | 'verified' | 'failed';
export type LegalPartyKindCode = 'person' | 'minor' | 'enterprise';

/** GET /api/realidcation/info: the caller's own state, never a whole ID number. */
export interface RealnameInfo {
  group_id: number;
  /** 'adult' or 'minor' once details are saved; a minor's account registered at /register/children is 'minor'. */
  kind: 'adult' | 'minor' | null;
  state: IdentityStateCode;
  fail_reason: string;
  real_name_masked: string;
  id_masked: string;
  age: number | null;
  /** The minor has turned 18: the account is an adult's now. */
  became_adult: boolean;
  registered_as_minor: boolean;
  guardian: null | {
    name_masked: string;
    id_masked: string;
    relation: GuardianRelationCode;
    mobile_masked: string;
    /** The signed consent (PDF), a short-lived link for its owner. */
    consent_url: string | null;
  };
  /** The registered guardian's mobile, masked (to prefill the supplement). */
  registered_guardian_mobile: string | null;
  verified_at: string | null;
  /** Who the authorization letter names, or null while nothing is recorded. */
  legal_party: null | {
    kind: LegalPartyKindCode;
    name: string;
    verified: boolean;
    guardian_name: string | null;
  };
  enterprise: null | EnterpriseInfo;
  provider: string;
}

export interface EnterpriseInfo {
  company_name: string;
  credit_code_masked: string;
  contact_name: string;
  contact_mobile: string;
  state: 'pending' | 'verified' | 'refused';
  refuse_reason: string;
  licence_url: string;
  submitted_at: string;
  reviewed_at: string | null;
}

export interface EnterpriseQueueItem {
  user_id: number;
  mobile: string;
  company_name: string;
  credit_code: string;
  contact_name: string;
  contact_mobile: string;
  state: 'pending' | 'verified' | 'refused';
  refuse_reason: string;
  submitted_at: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
}

export const enterpriseListQuery = z.object({
  state: z.enum(['pending', 'verified', 'refused']).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const enterpriseIdQuery = z.object({ user_id: z.coerce.number().int().positive() });
export const enterpriseApproveBody = z.object({ user_id: z.number().int().positive() });
export const enterpriseRefuseBody = z.object({
  user_id: z.number().int().positive(),
  reason: z.string().trim().max(300),
});
