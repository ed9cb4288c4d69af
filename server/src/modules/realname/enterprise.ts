/**
 * Enterprise accounts (group_id 2) are verified by staff: the enterprise submits its company name, unified social
 * credit code (GB 32100 check character), business licence image (a private file it uploaded) and contact; a
 * support member (or an admin) approves it in the console's queue, or refuses it with a reason the account sees.
 * Approval sets is_verify 1 and the company name in the session user, so the letter names the company.
 */

import { compactMobile, isMainlandMobile } from '@trackline/contract/identifiers';
import { creditCodeProblem, normalizeCreditCode } from '@trackline/contract/identity';
import type { EnterpriseInfo, EnterpriseQueueItem, EnterpriseSaveBody } from '@trackline/contract/realname';
import { REALNAME_PAGES } from '@trackline/contract/realname-paths';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { evictSubjectHere, subjectChangedAtCommit } from '../../platform/http/sessions';
import { sendToUser } from '../messages/messages.service';
import { privateFileUrl } from '../storage/file-access';
import * as repo from './realname.repository';
import { cleanLegalName, enterpriseInfo } from './realname.service';

export async function saveEnterprise(deps: Deps, userId: number, body: EnterpriseSaveBody): Promise<EnterpriseInfo> {
  const { db } = deps.database;
  const user = await repo.userBasics(db, userId);
  if (!user) throw new AppError('LOGIN_INVALID');
  if (user.group_id !== 2) throw new AppError('ENTERPRISE_ONLY');
  const code = normalizeCreditCode(body.credit_code);
  const problem = creditCodeProblem(code);
  if (problem) throw new AppError('ENTERPRISE_CODE_INVALID', { problem });
  const contactMobile = compactMobile(body.contact_mobile);
  if (!isMainlandMobile(contactMobile)) throw new AppError('MOBILE_INVALID');
  const contactName = cleanLegalName(body.contact_name);
  if (!(await repo.ownImage(db, userId, body.licence_key))) throw new AppError('ENTERPRISE_LICENCE_INVALID');
  const current = await repo.findEnterprise(db, userId);
  if (current?.state === 'verified') throw new AppError('REALNAME_ALREADY_VERIFIED');
  if (await repo.verifiedElsewhere(db, userId, code)) throw new AppError('ENTERPRISE_CODE_TAKEN');
  await repo.upsertEnterprise(db, {
    user_id: userId,
    company_name: body.company_name.trim(),
    credit_code: code,
    licence_key: body.licence_key,
    contact_name: contactName,
    contact_mobile: contactMobile,
    submitted_at: new Date(),
  });
  const saved = await repo.findEnterprise(db, userId);
  if (saved?.state === 'verified') throw new AppError('REALNAME_ALREADY_VERIFIED');
  return enterpriseInfo(deps, saved!);
}

export async function enterpriseQueue(
  deps: Deps,
  query: { state: 'pending' | 'verified' | 'refused'; page: number; limit: number },
): Promise<{ list: EnterpriseQueueItem[]; total: number; page: number; limit: number }> {
  const { rows, total } = await repo.enterpriseQueue(deps.database.db, query.state, query.page, query.limit);
  return {
    list: rows.map((r) => ({
      user_id: r.user_id,
      mobile: r.mobile,
      company_name: r.company_name,
      credit_code: r.credit_code,
      contact_name: r.contact_name,
      contact_mobile: r.contact_mobile,
      state: r.state,
      refuse_reason: r.refuse_reason,
      submitted_at: r.submitted_at.toISOString(),
      reviewed_at: r.reviewed_at?.toISOString() ?? null,
      reviewed_by: r.reviewer,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** One request for the reviewer, with a short-lived link to the licence. */
export async function enterpriseDetail(deps: Deps, userId: number) {
  const { db } = deps.database;
  const [e, user] = await Promise.all([repo.findEnterprise(db, userId), repo.userBasics(db, userId)]);
  if (!e || !user) throw new AppError('ENTERPRISE_UNKNOWN');
  return {
    user_id: userId,
    mobile: user.mobile,
    nickname: user.nickname,
    company_name: e.company_name,
    credit_code: e.credit_code,
    contact_name: e.contact_name,
    contact_mobile: e.contact_mobile,
    state: e.state,
    refuse_reason: e.refuse_reason,
    submitted_at: e.submitted_at.toISOString(),
    reviewed_at: e.reviewed_at?.toISOString() ?? null,
    licence_url: await privateFileUrl(deps, e.licence_key),
  };
}

export async function approveEnterprise(deps: Deps, staffId: number, userId: number): Promise<void> {
  const { db } = deps.database;
  let company = '';
  try {
    await db.transaction().execute(async (trx) => {
      const decided = await repo.decideEnterprise(trx, userId, staffId, { state: 'verified', reason: '' });
      if (!decided) {
        if (!(await repo.findEnterprise(trx, userId))) throw new AppError('ENTERPRISE_UNKNOWN');
        throw new AppError('ENTERPRISE_NOT_PENDING');
      }
      company = decided.company_name;
      await repo.setEnterpriseVerified(trx, userId, company);
      await subjectChangedAtCommit(trx, 'user', userId);
    });
  } catch (err) {
    // The partial unique index: one verified account per credit code, even when two are approved at once.
    if ((err as { code?: string }).code === '23505') throw new AppError('ENTERPRISE_CODE_TAKEN');
    throw err;
  }
  evictSubjectHere(db, 'user', userId);
  await sendToUser(deps, userId, {
    kind: 'realname',
    title: '企业认证已通过 Company verified',
    content: `「${company}」已通过企业认证，授权书将写明企业名称。The letters now name ${company}.`,
    link: REALNAME_PAGES.enterprise,
  });
}

export async function refuseEnterprise(deps: Deps, staffId: number, userId: number, reason: string): Promise<void> {
  const { db } = deps.database;
  if (!reason.trim()) throw new AppError('ENTERPRISE_REASON_REQUIRED');
  const decided = await repo.decideEnterprise(db, userId, staffId, { state: 'refused', reason: reason.trim() });
  if (!decided) {
    if (!(await repo.findEnterprise(db, userId))) throw new AppError('ENTERPRISE_UNKNOWN');
    throw new AppError('ENTERPRISE_NOT_PENDING');
  }
  await sendToUser(deps, userId, {
    kind: 'realname',
    title: '企业认证未通过 Company verification refused',
    content: `原因 Reason：${reason.trim()}`,
    link: REALNAME_PAGES.enterprise,
  });
}
