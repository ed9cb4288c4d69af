/**
 * Real names (issue 10): an adult saves the legal name and ID number, is sent to the verification provider's page
 * (GET /api/realidcation/verifyurl), and the provider's signed callback records the result; a verified person gets
 * is_verify 1 and the real name in the session user (its cached sessions evicted at commit, as the ledger does).
 * Minors and enterprises are minors.ts and enterprise.ts; the answers' shape is info() here.
 */
import { randomUUID } from 'node:crypto';
import { maskMobile } from '@trackline/contract/identifiers';
import {
  ADULT_AGE,
  adultOn,
  ageOn,
  chinaToday,
  idBirthDate,
  idNumberProblem,
  maskCreditCode,
  maskIdNumber,
  maskName,
  normalizeIdNumber,
} from '@trackline/contract/identity';
import type { CallbackBody, RealnameInfo, RealnameSaveBody } from '@trackline/contract/realname';
import { REALNAME_PAGES, REALNAME_PATHS } from '@trackline/contract/realname-paths';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { evictSubjectHere, subjectChangedAtCommit } from '../../platform/http/sessions';
import { newToken, sameBytes } from '../../platform/security/tokens';
import { legalParty } from '../account/legal-party';
import { sendToUser } from '../messages/messages.service';
import { privateFileUrl } from '../storage/file-access';
import { callbackSecret, openIdNumber, sealIdNumber } from './identity-crypto';
import {
  CALLBACK_WINDOW_SECONDS,
  callbackSignature,
  type IdentityProvider,
  identityProviderFor,
  type ProviderLog,
} from './identity-provider';
import * as repo from './realname.repository';

/** A legal name: 2–30 Chinese characters (with the middle dot of minority and foreign names), or Latin letters. */
export function cleanLegalName(input: string): string {
  const name = input.trim().replace(/\s+/g, ' ').replace(/[•・]/g, '·');
  if (/^[\p{Script=Han}·]{2,30}$/u.test(name) && !name.startsWith('·') && !name.endsWith('·')) return name;
  if (/^[A-Za-z][A-Za-z .'-]{1,59}$/.test(name)) return name;
  throw new AppError('REALNAME_NAME_INVALID');
}

/** A valid ID number (normalized) and its birth date, or REALNAME_ID_INVALID naming the problem. */
export function cleanIdNumber(input: string, today = chinaToday()): { id: string; birthDate: string; age: number } {
  const id = normalizeIdNumber(input);
  const problem = idNumberProblem(id, today);
  if (problem) throw new AppError('REALNAME_ID_INVALID', { problem });
  const birthDate = idBirthDate(id)!;
  return { id, birthDate, age: ageOn(birthDate, today) };
}

const providers = new WeakMap<Deps, IdentityProvider>();
/** The configured provider (IDENTITY_PROVIDER); tests may set their own with useIdentityProvider. */
export function identityProvider(deps: Deps, log: ProviderLog): IdentityProvider {
  return providers.get(deps) ?? identityProviderFor(deps.config, callbackSecret(deps), log);
}
export function useIdentityProvider(deps: Deps, provider: IdentityProvider): void {
  providers.set(deps, provider);
}

/** An adult's details, kept until verified (the ID number only encrypted). */
export async function saveAdult(deps: Deps, userId: number, body: RealnameSaveBody): Promise<RealnameInfo> {
  const { db } = deps.database;
  const name = cleanLegalName(body.real_name);
  const { id, birthDate, age } = cleanIdNumber(body.id_number);
  if (age < ADULT_AGE) throw new AppError('REALNAME_MINOR_ID', { link: REALNAME_PAGES.person, flow: 'minor' });
  await db.transaction().execute(async (trx) => {
    const current = await repo.findProfile(trx, userId, true);
    const user = await repo.userBasics(trx, userId);
    if (current?.state === 'verified' || (user?.is_verify === 1 && user.group_id !== 2))
      throw new AppError('REALNAME_ALREADY_VERIFIED');
    await repo.closeOpenAttempts(trx, userId, 'details changed');
    await repo.upsertProfile(trx, {
      user_id: userId,
      kind: 'adult',
      real_name: name,
      id_cipher: sealIdNumber(deps, id),
      id_masked: maskIdNumber(id),
      birth_date: birthDate,
      guardian_name: null,
      guardian_id_cipher: null,
      guardian_id_masked: null,
      guardian_relation: null,
      guardian_mobile: null,
    });
  });
  return info(deps, userId);
}

/** How long an open attempt's page is offered again instead of starting another. */
const ATTEMPT_REUSE_MS = 10 * 60_000;

/**
 * The provider's page for the saved details: the adult's own, or the guardian's for a minor's supplement. Asking
 * again within ten minutes answers the same attempt (a double click starts one verification, not two).
 */
export async function verifyUrl(
  deps: Deps,
  userId: number,
  origin: string,
  log: ProviderLog,
): Promise<{ url: string; attempt_state: 'pending' }> {
  const { db } = deps.database;
  const profile = await repo.findProfile(db, userId);
  if (!profile) throw new AppError('REALNAME_NOTHING_TO_VERIFY');
  if (profile.state === 'verified') throw new AppError('REALNAME_ALREADY_VERIFIED');
  const subject = profile.kind === 'minor' ? ('guardian' as const) : ('adult' as const);
  const provider = identityProvider(deps, log);
  const token = await db.transaction().execute(async (trx) => {
    // One at a time per user: the profile's row lock queues a double click behind the first.
    await repo.findProfile(trx, userId, true);
    const open = await repo.latestOpenAttempt(trx, userId, new Date(Date.now() - ATTEMPT_REUSE_MS));
    if (open && open.provider === provider.name) return open.token;
    await repo.closeOpenAttempts(trx, userId, 'superseded');
    const fresh = newToken();
    await repo.insertAttempt(trx, { user_id: userId, token: fresh, provider: provider.name, subject });
    return fresh;
  });
  const base = deps.config.publicBaseUrl ?? origin;
  const minor = profile.kind === 'minor';
  const { url } = await provider.start({
    attempt: token,
    name: minor ? profile.guardian_name! : profile.real_name,
    idNumber: openIdNumber(deps, minor ? profile.guardian_id_cipher! : profile.id_cipher),
    callbackUrl: `${base}${REALNAME_PATHS.callback}`,
    returnUrl: `${base}${REALNAME_PAGES.person}`,
  });
  return { url, attempt_state: 'pending' };
}

/**
 * The provider's result. Refused unless signed with the shared secret and recent (CALLBACK_WINDOW_SECONDS); a nonce
 * or an attempt seen before is a replay. A pass verifies the profile and the session user in one transaction.
 */
export async function receiveCallback(deps: Deps, body: CallbackBody, now = Date.now()): Promise<{ state: string }> {
  const { db } = deps.database;
  const expected = Buffer.from(callbackSignature(callbackSecret(deps), body), 'utf8');
  if (!sameBytes(expected, Buffer.from(body.signature, 'utf8'))) throw new AppError('REALNAME_CALLBACK_SIGNATURE');
  if (Math.abs(now / 1000 - body.timestamp) > CALLBACK_WINDOW_SECONDS)
    throw new AppError('REALNAME_CALLBACK_SIGNATURE', { reason: 'expired' });
  const outcome = await db.transaction().execute(async (trx) => {
    if (!(await repo.takeNonce(trx, body.nonce))) throw new AppError('REALNAME_CALLBACK_REPLAY');
    const attempt = await repo.findAttempt(trx, body.attempt);
    if (!attempt) throw new AppError('REALNAME_ATTEMPT_UNKNOWN');
    const state = body.result === 'pass' ? ('verified' as const) : ('failed' as const);
    const reason = state === 'failed' ? body.reason.trim() || '未通过认证 Not verified' : '';
    const decided = await repo.decideAttempt(trx, body.attempt, state, reason);
    if (!decided) throw new AppError('REALNAME_CALLBACK_REPLAY');
    const profile = await repo.markProfile(trx, decided.user_id, state, reason);
    if (profile && state === 'verified') {
      await repo.setUserVerified(trx, decided.user_id, profile.real_name);
      await subjectChangedAtCommit(trx, 'user', decided.user_id);
    }
    return { userId: decided.user_id, state };
  });
  evictSubjectHere(db, 'user', outcome.userId);
  await sendToUser(deps, outcome.userId, resultMessage(outcome.state, body.reason)).catch(() => undefined);
  return { state: outcome.state };
}

function resultMessage(state: 'verified' | 'failed', reason: string) {
  return state === 'verified'
    ? {
        kind: 'realname',
        title: '实名认证已通过 Real name verified',
        content: '你的实名认证已通过，授权书将写明你的真实姓名。Your real name is verified; letters name it.',
        link: REALNAME_PAGES.person,
      }
    : {
        kind: 'realname',
        title: '实名认证未通过 Verification failed',
        content: `原因 Reason：${reason || '—'}`,
        link: REALNAME_PAGES.person,
      };
}

/** The development provider's page decides: the same signed callback a real provider would send. */
export async function devDecide(
  deps: Deps,
  userId: number,
  body: { attempt: string; result: 'pass' | 'fail'; reason: string },
): Promise<{ state: string }> {
  if (deps.config.identity.provider !== 'dev') throw new AppError('REALNAME_DEV_ONLY');
  const attempt = await repo.findAttempt(deps.database.db, body.attempt);
  if (!attempt || attempt.user_id !== userId || attempt.state !== 'pending')
    throw new AppError('REALNAME_ATTEMPT_UNKNOWN');
  const fields = {
    attempt: body.attempt,
    result: body.result,
    reason: body.reason,
    nonce: randomUUID(),
    timestamp: Math.floor(Date.now() / 1000),
  };
  return receiveCallback(deps, { ...fields, signature: callbackSignature(callbackSecret(deps), fields) });
}

/** The caller's own state and masked details; links to private files are signed for the owner. */
export async function info(deps: Deps, userId: number, today = chinaToday()): Promise<RealnameInfo> {
  const { db } = deps.database;
  const [user, profile, minorAccount, enterprise, party] = await Promise.all([
    repo.userBasics(db, userId),
    repo.findProfile(db, userId),
    repo.findMinorAccount(db, userId),
    repo.findEnterprise(db, userId),
    legalParty(db, userId, today),
  ]);
  if (!user) throw new AppError('LOGIN_INVALID');
  const age = profile ? ageOn(profile.birth_date, today) : null;
  const becameAdult = profile?.kind === 'minor' && adultOn(profile.birth_date) <= today;
  return {
    group_id: user.group_id,
    kind: profile ? profile.kind : minorAccount ? 'minor' : null,
    state: profile?.state ?? (user.is_verify === 1 && user.group_id !== 2 ? 'verified' : 'none'),
    fail_reason: profile?.fail_reason ?? '',
    real_name_masked: profile ? maskName(profile.real_name) : maskName(user.real_name),
    id_masked: profile?.id_masked ?? '',
    age,
    became_adult: becameAdult,
    registered_as_minor: minorAccount !== undefined,
    guardian:
      profile?.kind === 'minor'
        ? {
            name_masked: maskName(profile.guardian_name ?? ''),
            id_masked: profile.guardian_id_masked ?? '',
            relation: profile.guardian_relation ?? 'other',
            mobile_masked: maskMobile(profile.guardian_mobile ?? ''),
            consent_url: profile.consent_pdf_key ? await privateFileUrl(deps, profile.consent_pdf_key) : null,
          }
        : null,
    registered_guardian_mobile: minorAccount ? maskMobile(minorAccount.guardian_mobile) : null,
    verified_at: profile?.verified_at?.toISOString() ?? null,
    legal_party: party
      ? { kind: party.kind, name: party.name, verified: party.verified, guardian_name: party.guardianName ?? null }
      : null,
    enterprise: enterprise ? await enterpriseInfo(deps, enterprise) : null,
    provider: deps.config.identity.provider,
  };
}

export async function enterpriseInfo(deps: Deps, e: repo.EnterpriseRow) {
  return {
    company_name: e.company_name,
    credit_code_masked: maskCreditCode(e.credit_code),
    contact_name: e.contact_name,
    contact_mobile: maskMobile(e.contact_mobile),
    state: e.state,
    refuse_reason: e.refuse_reason,
    licence_url: await privateFileUrl(deps, e.licence_key),
    submitted_at: e.submitted_at.toISOString(),
    reviewed_at: e.reviewed_at?.toISOString() ?? null,
  };
}

/**
 * What step 3 needs before a work may be submitted: a legal party whose name is proved. Throws the refusal with
 * what is missing and the page that supplies it.
 */
export async function requireLegalParty(db: Db, userId: number): Promise<void> {
  const party = await legalParty(db, userId);
  if (party?.verified) return;
  const user = await repo.userBasics(db, userId);
  const enterprise = user?.group_id === 2;
  const link = enterprise ? REALNAME_PAGES.enterprise : REALNAME_PAGES.person;
  if (party?.kind === 'minor' || (!party && !enterprise && (await repo.findMinorAccount(db, userId))))
    throw new AppError('REALNAME_GUARDIAN_REQUIRED', { missing: 'guardian', link, state: party?.state ?? 'none' });
  if (!party) throw new AppError('REALNAME_REQUIRED', { missing: enterprise ? 'enterprise' : 'real_name', link });
  throw new AppError('REALNAME_UNVERIFIED', { missing: 'verification', link, state: party.state ?? 'none' });
}
