/**
 * Who stands behind an account in law: the person who signs the authorization letter and whose bank card a
 * withdrawal may reach. One answer for every module (works' letter and step 3, withdrawals' card check), so the rule
 * lives here:
 * - an enterprise (group_id 2): its company name, verified once staff approved its licence and credit code;
 * - a minor (an ID number under 18 recorded with the guardian's supplement): the minor's real name, the guardian
 *   named beside it, the guardian's name on payout cards; verified once the guardian's verification passed. A minor
 *   who has turned 18 since is a person (age counted on today's date in China, from the ID number's birth date);
 * - anyone else: a person's real name, verified with is_verify 1.
 * Null while the account has no legal name recorded yet (a minor's account before its supplement included).
 */
import { adultOn, chinaToday } from '@trackline/contract/identity';
import type { Db } from '../../platform/db/database';

export type LegalPartyKind = 'person' | 'minor' | 'enterprise';

/** Where the name stands: 'none' nothing sent for proof yet, 'pending' at the provider or in staff review. */
export type LegalPartyState = 'none' | 'pending' | 'verified' | 'failed';

export interface LegalParty {
  kind: LegalPartyKind;
  /** The name the letter names: the real name, or the company's name for an enterprise. */
  name: string;
  /** Whether the name has been proved (is_verify 1 for a person; the licence checked for an enterprise). */
  verified: boolean;
  /** The name a payout card must carry: the person's own, the guardian's for a minor, the company's. */
  payeeName: string;
  /** For a minor: the guardian who consents and signs with them. */
  guardianName?: string;
  /** Where the proof stands (verified is state === 'verified'). */
  state?: LegalPartyState;
}

/** The legal party of a musician, or null while the account has no legal name recorded yet. */
export async function legalParty(db: Db, userId: number, today = chinaToday()): Promise<LegalParty | null> {
  const user = await db
    .selectFrom('users')
    .leftJoin('identity_profiles as p', 'p.user_id', 'users.id')
    .leftJoin('enterprise_profiles as e', 'e.user_id', 'users.id')
    .select([
      'users.real_name',
      'users.is_verify',
      'users.group_id',
      'users.company_name',
      'p.kind as p_kind',
      'p.state as p_state',
      'p.real_name as p_name',
      'p.birth_date as p_birth',
      'p.guardian_name as p_guardian',
      'e.company_name as e_company',
      'e.state as e_state',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  if (user.group_id === 2) {
    const verified = user.e_state === 'verified' || (user.e_state === null && user.is_verify === 1);
    const company = ((verified && user.e_company) || user.company_name || user.e_company || '').trim();
    if (!company) return null;
    const state: LegalPartyState = verified
      ? 'verified'
      : user.e_state === 'pending'
        ? 'pending'
        : user.e_state === 'refused'
          ? 'failed'
          : 'none';
    return { kind: 'enterprise', name: company, verified, payeeName: company, state };
  }
  if (user.p_kind === 'minor' && user.p_birth && adultOn(user.p_birth) > today) {
    const name = (user.p_name ?? '').trim();
    const guardianName = (user.p_guardian ?? '').trim();
    const state = (user.p_state ?? 'none') as LegalPartyState;
    return { kind: 'minor', name, verified: state === 'verified', payeeName: guardianName, guardianName, state };
  }
  const name = (user.real_name.trim() || (user.p_kind === 'adult' ? (user.p_name ?? '') : '')).trim();
  if (!name) return null;
  const verified = user.is_verify === 1;
  const state: LegalPartyState = verified ? 'verified' : ((user.p_state ?? 'none') as LegalPartyState);
  return { kind: 'person', name, verified, payeeName: name, state };
}
