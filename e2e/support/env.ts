import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ADMIN_PASSWORD = 'E2eAdmin2026';
export const DEMO_MUSICIAN = { mobile: '13800138000', password: 'Trackline2026' };
export const SERVER_LOG = path.join(fileURLToPath(new URL('..', import.meta.url)), 'test-results', 'server.log');
