/**
 * What a fresh start needs: the default site, the first staff admin, and — once, unless SEED_DEMO=false —
 * demo content: a localhost site with logo, filing number, contact and QR images, and a demo musician.
 * Content (modules/content/content.seed.ts): the footer's platform documents always, demo content with SEED_DEMO.
 * The demo musician's works (modules/works/works.seed.ts): with SEED_DEMO, once.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_SITE_TITLE } from '@trackline/contract/site-defaults';
import { type AgentSaveBody, BLANK_AGENT } from '@trackline/contract/staff';
import QRCode from 'qrcode';
import { ensureDemoMusician } from './modules/account/account.service';
import { seedDemoCentre } from './modules/account/centre.seed';
import { seedContent } from './modules/content/content.seed';
import { seedDemoStores } from './modules/distribution/distribution.seed';
import { seedDemoRealNames } from './modules/realname/realname.seed';
import { seedDemoIncome } from './modules/royalties/royalties.seed';
import { ensureDefaultAgent } from './modules/site/site.service';
import { ensureFirstAdmin } from './modules/staff/staff.service';
import { seedDemoWithdrawals, seedWithdrawalTables } from './modules/withdrawals/withdrawals.seed';
import { seedDemoWorks } from './modules/works/works.seed';
import { getSetting, setSettingOnce } from './platform/db/settings';
import type { Deps } from './platform/deps';

type AgentFields = Omit<AgentSaveBody, 'id'>;

export const DEMO_MUSICIAN = { mobile: '13800138000', password: 'Trackline2026', nickname: '演示音乐人' } as const;

// The mark only: the header sets the site title beside the logo.
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
<rect width="48" height="48" rx="12" fill="#6c3bff"/>
<path d="M11 30c4-13 8-13 11 0s8 13 11 0" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>`;

async function qrImage(deps: Deps, key: string, text: string): Promise<string> {
  const png = await QRCode.toBuffer(text, { width: 300, margin: 1, color: { dark: '#1f1147', light: '#ffffff' } });
  await deps.storage.put(key, png, 'image/png');
  return deps.storage.url(key);
}

export interface SeedReport {
  adminCreated: boolean;
  adminPassword?: string;
  adminPasswordGenerated: boolean;
  demoSeeded: boolean;
}

export interface SeedOptions {
  /**
   * The demo musician's works (about 35 MB of generated audio and covers); on unless turned off. Test apps leave
   * them out by default (server/test/harness.ts), as most tests neither need them nor should pay for them.
   */
  demoWorks?: boolean;
}

export async function seed(deps: Deps, options: SeedOptions = {}): Promise<SeedReport> {
  const { config } = deps;
  const { db } = deps.database;
  const base = config.publicBaseUrl ?? `http://localhost:${config.port}`;
  const demo = config.seedDemo && !(await getSetting(db, 'demo_seeded'));

  let agentFields: AgentFields = {
    ...BLANK_AGENT,
    domain: 'localhost',
    site_title: DEFAULT_SITE_TITLE,
    record_url: 'https://beian.miit.gov.cn/',
  };
  if (demo) {
    await deps.storage.put('demo/logo.svg', Buffer.from(LOGO_SVG), 'image/svg+xml');
    agentFields = {
      ...agentFields,
      site_logo: deps.storage.url('demo/logo.svg'),
      company_name: '乐轨（北京）文化传媒有限公司',
      record_number: '京ICP备17000000号-1',
      contact_phone: '400-800-2017',
      contact_email: 'service@trackline.example',
      contact_address: '北京市朝阳区酒仙桥路 4 号 798 艺术区',
      qr_ios: await qrImage(deps, 'demo/qr-ios.png', `${base}/download/index?platform=ios`),
      qr_android: await qrImage(deps, 'demo/qr-android.png', `${base}/download/index?platform=android`),
      qr_service: await qrImage(deps, 'demo/qr-service.png', `${base}/help-center/q-a`),
      qr_wechat: await qrImage(deps, 'demo/qr-wechat.png', `${base}/guest/index?from=wechat`),
    };
  }
  const agent = await ensureDefaultAgent(deps, agentFields);

  const adminPassword = config.adminPassword ?? randomBytes(12).toString('base64url');
  const adminCreated = await ensureFirstAdmin(deps, adminPassword);

  if (demo) {
    await ensureDemoMusician(deps, { ...DEMO_MUSICIAN, agentId: agent.id });
    // The personal centre's bio, artist names and past sign-ins (account centre, once).
    await seedDemoCentre(deps, DEMO_MUSICIAN.mobile);
    await setSettingOnce(db, 'demo_seeded', new Date().toISOString());
  }
  // The footer's platform documents always; the demo news, help, Q&A, plans and versions with SEED_DEMO (each once).
  await seedContent(deps, { demo: config.seedDemo });
  // Demo DDEX ids for the stores that have none, so demo deliveries go the whole way (distribution module).
  if (config.seedDemo) await seedDemoStores(deps);
  // The demo musician verified with a real name (their letters name it), a demo enterprise in the staff queue.
  if (config.seedDemo) await seedDemoRealNames(deps, { ...DEMO_MUSICIAN, agentId: agent.id });
  // After the musician and the first admin: the works are theirs and reviewed by the admin (each once).
  if (config.seedDemo && options.demoWorks !== false) {
    await seedDemoWorks(deps, DEMO_MUSICIAN.mobile);
    // Store reports for the released tracks, imported for real: income from the first start (royalties module).
    await seedDemoIncome(deps, DEMO_MUSICIAN.mobile);
  }
  // The banks and card BINs payouts know, always; the demo musician's card and withdrawals once (withdrawals module).
  await seedWithdrawalTables(deps);
  if (config.seedDemo && options.demoWorks !== false) await seedDemoWithdrawals(deps, DEMO_MUSICIAN.mobile);
  return {
    adminCreated,
    adminPassword: adminCreated && !config.adminPassword ? adminPassword : undefined,
    adminPasswordGenerated: adminCreated && !config.adminPassword,
    demoSeeded: demo,
  };
}
