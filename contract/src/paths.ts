/** Every API path, as the spec's §7 names it (and, where it is silent, in the same style). */
export const API = {
  health: '/api/health',
  captcha: '/api/index/captcha',
  smsSend: '/api/sms/send',
  register: '/api/user/register',
  login: '/api/user/login',
  userInfo: '/api/user/info',
  logout: '/api/user/logout',
  resetPwd: '/api/user/resetpwd',
  agentInfo: '/api/agent/info',
  messageCount: '/api/message/count',
  admin: {
    login: '/api/admin/auth/login',
    me: '/api/admin/auth/me',
    logout: '/api/admin/auth/logout',
    staffList: '/api/admin/staff/list',
    staffCreate: '/api/admin/staff/create',
    staffUpdate: '/api/admin/staff/update',
    agentList: '/api/admin/agent/list',
    agentSave: '/api/admin/agent/save',
    upload: '/api/admin/upload/image',
  },
} as const;
