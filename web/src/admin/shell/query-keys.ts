/**
 * Query keys of the staff console. All start with 'admin', so logging out (or in as someone else)
 * drops every cached answer of the previous member in one call.
 */
export const ADMIN_KEYS = {
  all: ['admin'],
  me: ['admin', 'me'],
  staffList: ['admin', 'staff', 'list'],
  agentList: ['admin', 'agents', 'list'],
  broadcastList: ['admin', 'broadcasts', 'list'],
  workorders: ['admin', 'workorders'],
  review: ['admin', 'review'],
  problemList: ['admin', 'problems', 'list'],
} as const;

/** The public site configuration (features/site/use-agent-info): refreshed after a site is saved. */
export const PUBLIC_SITE_KEY = ['site'] as const;
