/**
 * The account centre (issue 10, personal centre half): the profile, account security (password, mobile, sessions,
 * security events) and leaving (deletion with a cooling-off, the data export). Paths, bodies and answers.
 * POST /api/user/profile, /api/user/resetpwd and /api/user/logoutaccount are the spec's (§7); the rest follow them.
 */
import { z } from 'zod';

export const CENTRE_PATHS = {
  /** GET: the personal centre's view of the caller; POST: save nickname, avatar, bio, artist names. */
  profile: '/api/user/profile',
  changeMobile: '/api/user/changemobile',
  sessions: '/api/user/sessions',
  revokeSession: '/api/user/sessions/revoke',
  revokeOthers: '/api/user/sessions/revoke_others',
  securityEvents: '/api/user/security_events',
  /** GET: may the account be deleted now, and any pending request; POST: request deletion (spec §7). */
  logoutAccount: '/api/user/logoutaccount',
  /** GET: the newest export; POST: build a new one. */
  dataExport: '/api/user/export',
} as const;

/** How long a deletion request waits before the account is erased; logging in during it cancels the request. */
export const DELETION_COOLING_OFF_DAYS = 15;
export const BIO_MAX = 200;
export const ARTIST_NAMES_MAX = 10;
export const ARTIST_NAME_MAX = 100;
export const NICKNAME_MAX = 32;

const smsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

export const avatarCrop = z.object({
  /** An image the caller uploaded (POST /api/common/upload `key`). */
  key: z.string().min(1).max(300),
  /** The square to keep, in the image's own pixels (after its EXIF rotation). */
  x: z.number().int().min(0).max(100_000),
  y: z.number().int().min(0).max(100_000),
  size: z.number().int().min(16).max(100_000),
});

export const profileBody = z.object({
  nickname: z.string().trim().min(1).max(NICKNAME_MAX),
  bio: z.string().trim().max(BIO_MAX).default(''),
  artist_names: z.array(z.string().trim().min(1).max(ARTIST_NAME_MAX)).max(ARTIST_NAMES_MAX).default([]),
  avatar: avatarCrop.optional(),
});
export type ProfileBody = z.input<typeof profileBody>;

export type TodoState = 'done' | 'todo' | 'pending' | 'check';
export interface TodoItem {
  key: 'real_name' | 'bank_card' | 'enterprise_licence';
  state: TodoState;
  link: string;
}

export interface ProfileData {
  id: number;
  nickname: string;
  avatar: string;
  /** The image prefix (spec §3 `domain`); avatar is a key under it. */
  domain: string;
  bio: string;
  artist_names: string[];
  group_id: number;
  is_verify: 0 | 1;
  real_name: string;
  company_name: string | null;
  mobile_masked: string;
  rate: number;
  created_at: string;
  todos: TodoItem[];
  deletion: DeletionState | null;
}

export const changeMobileBody = z.object({
  /** The code sent to the current mobile (event `oldmobile`). */
  old_code: smsCode,
  mobile: z.string().trim().min(1).max(20),
  /** The code sent to the new mobile (event `changemobile`). */
  code: smsCode,
});

/**
 * POST /api/user/resetpwd, three ways: the spec's forgotten-password flow (mobile + SMS code, no session), and for a
 * logged-in caller the old password, or an SMS code sent to their own mobile (event `resetpwd`).
 */
export const resetPwdForgotBody = z.object({
  mobile: z.string().trim().min(1).max(20),
  code: smsCode,
  newpassword: z.string().min(1).max(128),
});
export const resetPwdOldBody = z.object({
  oldpassword: z.string().min(1).max(128),
  newpassword: z.string().min(1).max(128),
});
export const resetPwdSmsBody = z.object({ code: smsCode, newpassword: z.string().min(1).max(128) });
export const resetPwdAnyBody = z.union([resetPwdForgotBody, resetPwdOldBody, resetPwdSmsBody]);
export type ResetPwdAnyBody = z.infer<typeof resetPwdAnyBody>;

export interface SessionItem {
  id: number;
  device: string;
  ip: string;
  place: string;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

export const revokeSessionBody = z.object({ id: z.number().int().positive() });

export interface SecurityEvent {
  id: number;
  kind: string;
  device: string;
  ip: string;
  place: string;
  created_at: string;
}

export const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export interface DeletionState {
  requested_at: string;
  erase_at: string;
}

/** Why an account cannot be deleted now: money still owed or on its way, or works live or in review. */
export interface DeletionBlocker {
  kind: 'balance' | 'held' | 'withdrawing' | 'live_works';
  /** fen for money, a count for works */
  amount: string;
}

export interface DeletionCheck {
  blockers: DeletionBlocker[];
  deletion: DeletionState | null;
  cooling_off_days: number;
}

export const logoutAccountBody = z.object({ code: smsCode });

export interface ExportData {
  id: number;
  state: 'pending' | 'ready';
  created_at: string;
  ready_at: string | null;
  size_bytes: number | null;
  /** A short-lived signed link to the JSON file once it is ready. */
  url: string | null;
}

/** A device's short name from its User-Agent: browser and system ("Chrome · Windows"). */
export function describeDevice(userAgent: string): string {
  const ua = userAgent || '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /MicroMessenger/i.test(ua)
      ? 'WeChat'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Safari\//.test(ua)
            ? 'Safari'
            : '';
  const system = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  const parts = [browser, system].filter(Boolean);
  if (parts.length > 0) return parts.join(' · ');
  return ua.slice(0, 40);
}
