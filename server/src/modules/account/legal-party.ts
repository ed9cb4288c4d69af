/**
 * Who stands behind an account in law: the person who signs the authorization letter and whose bank card a
 * withdrawal may reach. One answer for every module (works' letter, withdrawals' card check), so the rule lives
 * here. Today: a verified person's real name, or an enterprise's company name; a minor's guardian joins in the
 * account centre's real-name work (issue 10), which extends this function rather than adding a second one.
 */
import type { Db } from '../../platform/db/database';

export type LegalPartyKind = 'person' | 'minor' | 'enterprise';

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
}

/** The legal party of a musician, or null while the account has no legal name recorded yet. */
export async function legalParty(db: Db, userId: number): Promise<LegalParty | null> {
  const user = await db
    .selectFrom('users')
    .select(['real_name', 'is_verify', 'group_id', 'company_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  if (user.group_id === 2) {
    const company = (user.company_name ?? '').trim();
    if (!company) return null;
    return { kind: 'enterprise', name: company, verified: user.is_verify === 1, payeeName: company };
  }
  const name = user.real_name.trim();
  if (!name) return null;
  return { kind: 'person', name, verified: user.is_verify === 1, payeeName: name };
}
