/**
 * Minors (spec §1): the registration at /register/children (the minor's mobile and the guardian's, each with its SMS
 * code, and the guardian's agreement to the minors' terms), and the information supplement at /realidcation
 * (POST /api/realidcation/sendnonage): the minor's and the guardian's names and ID numbers, the relationship and the
 * guardian's mobile, the consent drawn on screen and kept as a PDF, then the guardian's verification at the provider.
 * Age comes from the ID number: an adult's ID is sent to the adult flow, a guardian must be an adult.
 */
import { randomUUID } from 'node:crypto';
import { compactMobile, isMainlandMobile, maskMobile } from '@trackline/contract/identifiers';
import { ADULT_AGE, maskIdNumber } from '@trackline/contract/identity';
import { templated } from '@trackline/contract/message-templates';
import { isStrongPassword } from '@trackline/contract/password';
import { MINOR_TERMS_VERSION, type RegisterChildrenBody, type SendNonageBody } from '@trackline/contract/realname';
import { REALNAME_PAGES } from '@trackline/contract/realname-paths';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { hashPassword } from '../../platform/security/passwords';
import { findUserByMobile, insertUser } from '../account/account.repository';
import { type RequestMeta, startUserSession } from '../account/account.service';
import { consumeSmsCode } from '../account/sms-codes';
import { sendToUser } from '../messages/messages.service';
import { agentForDomain } from '../site/site.service';
import { parseSignature } from '../works/signature';
import { consentLetter } from './consent-letter';
import { sealIdNumber } from './identity-crypto';
import type { ProviderLog } from './identity-provider';
import * as repo from './realname.repository';
import { cleanIdNumber, cleanLegalName, verifyUrl } from './realname.service';

function mobileOf(raw: string): string {
  const mobile = compactMobile(raw);
  if (!isMainlandMobile(mobile)) throw new AppError('MOBILE_INVALID');
  return mobile;
}

export async function registerChildren(deps: Deps, body: RegisterChildrenBody, meta: RequestMeta) {
  const { db } = deps.database;
  const mobile = mobileOf(body.mobile);
  const guardianMobile = mobileOf(body.guardian_mobile);
  if (mobile === guardianMobile) throw new AppError('REALNAME_SAME_MOBILE');
  if (body.terms_version !== MINOR_TERMS_VERSION)
    throw new AppError('REALNAME_TERMS_REQUIRED', { current: MINOR_TERMS_VERSION });
  if (!isStrongPassword(body.password)) throw new AppError('PASSWORD_WEAK');
  if (await findUserByMobile(db, mobile)) throw new AppError('MOBILE_TAKEN');
  await consumeSmsCode(deps, mobile, 'register', body.code);
  await consumeSmsCode(deps, guardianMobile, 'guardian', body.guardian_code);
  const agent = await agentForDomain(deps, meta.hostname);
  const passwordHash = await hashPassword(body.password);
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, {
        agent_id: agent.id,
        mobile,
        password_hash: passwordHash,
        nickname: body.nickname?.trim() || `音乐人${mobile.slice(-4)}`,
        group_id: 1,
        company_name: null,
      });
      await repo.upsertMinorAccount(trx, {
        user_id: userId,
        guardian_mobile: guardianMobile,
        terms_version: body.terms_version,
        ip: meta.ip.slice(0, 64),
      });
      return userId;
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new AppError('MOBILE_TAKEN');
    throw err;
  }
  await sendToUser(deps, id, templated('welcome', 'welcome.minor', { site: agent.site_title }, REALNAME_PAGES.person));
  return startUserSession(deps, id, meta);
}

/** The supplement: stored with the consent PDF, then the guardian's verification page is answered. */
export async function sendNonage(
  deps: Deps,
  userId: number,
  body: SendNonageBody,
  ctx: { ip: string; origin: string; log: ProviderLog; warn: (msg: string) => void },
): Promise<{ url: string; attempt_state: 'pending' }> {
  const { db } = deps.database;
  const minorName = cleanLegalName(body.minor_name);
  const minor = cleanIdNumber(body.minor_id_number);
  if (minor.age >= ADULT_AGE) throw new AppError('REALNAME_ADULT_ID', { link: REALNAME_PAGES.person, flow: 'adult' });
  const guardianName = cleanLegalName(body.guardian_name);
  let guardian: ReturnType<typeof cleanIdNumber>;
  try {
    guardian = cleanIdNumber(body.guardian_id_number);
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.key, { ...err.details, field: 'guardian_id_number' });
    throw err;
  }
  if (guardian.age < ADULT_AGE) throw new AppError('REALNAME_GUARDIAN_NOT_ADULT');
  if (guardian.id === minor.id) throw new AppError('REALNAME_GUARDIAN_NOT_ADULT');
  const guardianMobile = mobileOf(body.guardian_mobile);
  const user = await repo.userBasics(db, userId);
  if (!user) throw new AppError('LOGIN_INVALID');
  if (guardianMobile === user.mobile) throw new AppError('REALNAME_SAME_MOBILE');
  const current = await repo.findProfile(db, userId);
  if (current?.state === 'verified') throw new AppError('REALNAME_ALREADY_VERIFIED');
  const registered = await repo.findMinorAccount(db, userId);
  if (registered?.guardian_mobile !== guardianMobile) {
    if (!body.guardian_code) throw new AppError('REALNAME_GUARDIAN_CODE_REQUIRED');
    await consumeSmsCode(deps, guardianMobile, 'guardian', body.guardian_code);
  }
  let signature: Awaited<ReturnType<typeof parseSignature>>;
  try {
    signature = await parseSignature(body.consent_png);
  } catch {
    throw new AppError('REALNAME_CONSENT_INVALID');
  }
  const signedAt = new Date();
  const pdf = await consentLetter(
    {
      userId,
      minorName,
      minorIdMasked: maskIdNumber(minor.id),
      minorBirthDate: minor.birthDate,
      guardianName,
      guardianIdMasked: maskIdNumber(guardian.id),
      relation: body.guardian_relation,
      guardianMobileMasked: maskMobile(guardianMobile),
      signedAt,
      ip: ctx.ip,
      signaturePng: signature.png,
    },
    ctx.warn,
  );
  const stem = `users/${userId}/identity/${randomUUID()}`;
  const pdfKey = `${stem}-consent.pdf`;
  const sigKey = `${stem}-signature.png`;
  await deps.storage.put(sigKey, signature.png, 'image/png');
  await deps.storage.put(pdfKey, Buffer.from(pdf), 'application/pdf');
  let previous: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      const locked = await repo.findProfile(trx, userId, true);
      if (locked?.state === 'verified') throw new AppError('REALNAME_ALREADY_VERIFIED');
      previous = [locked?.consent_pdf_key, locked?.consent_signature_key].filter((k): k is string => Boolean(k));
      await repo.closeOpenAttempts(trx, userId, 'details changed');
      await repo.upsertProfile(trx, {
        user_id: userId,
        kind: 'minor',
        real_name: minorName,
        id_cipher: sealIdNumber(deps, minor.id),
        id_masked: maskIdNumber(minor.id),
        birth_date: minor.birthDate,
        guardian_name: guardianName,
        guardian_id_cipher: sealIdNumber(deps, guardian.id),
        guardian_id_masked: maskIdNumber(guardian.id),
        guardian_relation: body.guardian_relation,
        guardian_mobile: guardianMobile,
        consent_pdf_key: pdfKey,
        consent_signature_key: sigKey,
        consent_signed_at: signedAt,
        consent_ip: ctx.ip.slice(0, 64),
      });
      await repo.upsertMinorAccount(trx, {
        user_id: userId,
        guardian_mobile: guardianMobile,
        terms_version: registered?.terms_version ?? MINOR_TERMS_VERSION,
        ip: ctx.ip.slice(0, 64),
      });
    });
  } catch (err) {
    await Promise.all([pdfKey, sigKey].map((k) => deps.storage.remove(k).catch(() => undefined)));
    throw err;
  }
  // The consent replaced: its earlier files go (the new PDF is the one that counts).
  await Promise.all(previous.map((k) => deps.storage.remove(k).catch(() => undefined)));
  return verifyUrl(deps, userId, ctx.origin, ctx.log);
}
