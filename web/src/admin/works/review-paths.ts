import { ADMIN_BASE } from '../paths';

/** The review section's address: the queue here, one work at `${REVIEW_BASE}/<id>`. */
export const REVIEW_BASE = `${ADMIN_BASE}/review`;
