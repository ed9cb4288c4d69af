/**
 * Demo data (SEED_DEMO): the demo musician verified with a real name (through the same calls as a real
 * verification: details saved, an attempt started, the provider's signed callback), so letters and withdrawals name
 * them; and a demo enterprise (13800138001, the demo musician's password) whose licence waits in the staff queue.
 * Each runs once: nothing happens when it is already there.
 */
import { randomUUID } from 'node:crypto';
import { idCheckCharacter } from '@trackline/contract/identity';
import sharp from 'sharp';
import type { Deps } from '../../platform/deps';
import { hashPassword } from '../../platform/security/passwords';
import { newToken } from '../../platform/security/tokens';
import { findUserByMobile, insertUser } from '../account/account.repository';
import { storeUserUpload } from '../storage/storage.service';
import { saveEnterprise } from './enterprise';
import { callbackSecret } from './identity-crypto';
import { callbackSignature } from './identity-provider';
import * as repo from './realname.repository';
import { receiveCallback, saveAdult } from './realname.service';

export const DEMO_REAL_NAME = '陈晓乐';
const DEMO_ID_FIRST17 = '11010519900307123';
export const DEMO_ENTERPRISE = {
  mobile: '13800138001',
  nickname: '演示唱片公司',
  company: '星河演示唱片（北京）有限公司',
  // a real-format code (GB 32100 check character), for the demo only
  creditCode: '91350100M000100Y43',
} as const;

export async function seedDemoRealNames(deps: Deps, demo: { mobile: string; password: string; agentId: number }) {
  const { db } = deps.database;
  const musician = await findUserByMobile(db, demo.mobile);
  if (musician && musician.is_verify !== 1) {
    await saveAdult(deps, musician.id, {
      real_name: DEMO_REAL_NAME,
      id_number: DEMO_ID_FIRST17 + idCheckCharacter(DEMO_ID_FIRST17),
    });
    const token = newToken();
    await repo.insertAttempt(db, { user_id: musician.id, token, provider: 'demo', subject: 'adult' });
    const fields = {
      attempt: token,
      result: 'pass' as const,
      reason: '',
      nonce: randomUUID(),
      timestamp: Math.floor(Date.now() / 1000),
    };
    await receiveCallback(deps, { ...fields, signature: callbackSignature(callbackSecret(deps), fields) });
  }
  if (!(await findUserByMobile(db, DEMO_ENTERPRISE.mobile))) {
    const id = await insertUser(db, {
      agent_id: demo.agentId,
      mobile: DEMO_ENTERPRISE.mobile,
      password_hash: await hashPassword(demo.password),
      nickname: DEMO_ENTERPRISE.nickname,
      group_id: 2,
      company_name: DEMO_ENTERPRISE.company,
    });
    const licence = await storeUserUpload(deps, id, { body: await licenceImage(), filename: 'licence.png' });
    await saveEnterprise(deps, id, {
      company_name: DEMO_ENTERPRISE.company,
      credit_code: DEMO_ENTERPRISE.creditCode,
      licence_key: licence.key,
      contact_name: '王小明',
      contact_mobile: '13800138002',
    });
  }
}

/** A stand-in licence: a sample picture that says so. */
async function licenceImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560">
    <rect width="800" height="560" fill="#fbf7ee" stroke="#b4342c" stroke-width="12"/>
    <text x="400" y="120" font-size="56" text-anchor="middle" fill="#b4342c" font-family="sans-serif">营业执照 (样本)</text>
    <text x="80" y="240" font-size="28" fill="#222" font-family="sans-serif">Business licence — SAMPLE</text>
    <text x="80" y="300" font-size="28" fill="#222" font-family="sans-serif">${DEMO_ENTERPRISE.creditCode}</text>
    <text x="80" y="360" font-size="24" fill="#666" font-family="sans-serif">Demo data, not a real company</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
