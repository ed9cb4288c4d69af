import { CENTRE_PATHS } from './account-centre';
import { COVERS_ADMIN_PATHS, COVERS_PATHS } from './covers-paths';
import { DISTRIBUTION_ADMIN_PATHS, DISTRIBUTION_PATHS } from './distribution-paths';
import { REALNAME_ADMIN_PATHS, REALNAME_PATHS } from './realname-paths';
import { ROYALTIES_ADMIN_PATHS, ROYALTIES_PATHS } from './royalties-paths';
import { WITHDRAWAL_ADMIN_PATHS, WITHDRAWAL_PATHS } from './withdrawals-paths';

/** The staff content console's calls for one kind: /api/admin/content/<kind>_<list|info|save|delete>. */
function contentAdminPaths<K extends string>(kind: K) {
  return {
    list: `/api/admin/content/${kind}_list`,
    info: `/api/admin/content/${kind}_info`,
    save: `/api/admin/content/${kind}_save`,
    delete: `/api/admin/content/${kind}_delete`,
  } as const;
}

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
  /** The account centre: profile, security, leaving (issue 10). */
  centre: CENTRE_PATHS,
  agentInfo: '/api/agent/info',
  messageCount: '/api/message/count',
  messageList: '/api/message/getlist',
  messageRead: '/api/message/read',
  messageReadAll: '/api/message/readall',
  news: '/api/cms/data/news',
  newsInfo: '/api/cms/data/news_info',
  anchorConfig: '/api/cms/data/webAnchorConfig',
  helpInfo: '/api/cms/data/help_info',
  questions: '/api/cms/data/webQuestion',
  contentSearch: '/api/cms/data/search',
  hotPlans: '/api/cms/data/hot_plan',
  hotPlanInfo: '/api/cms/data/hot_plan_info',
  downloadConfig: '/api/web/download_config',
  versions: '/api/softversion/getversion',
  problemAdd: '/api/problem/add_pro',
  commonUpload: '/api/common/upload',
  workorderCreate: '/api/workorder/create',
  workorderMy: '/api/workorder/my',
  workorderDetail: '/api/workorder/detail',
  workorderReply: '/api/workorder/reply',
  publish: {
    create: '/api/publish/create',
    saveInfo: '/api/publish/save_info',
    saveScope: '/api/publish/save_scope',
    sign: '/api/publish/sign',
    detail: '/api/publish/detail',
    list: '/api/publish/list',
    withdraw: '/api/publish/withdraw',
    remove: '/api/publish/delete',
    removeBatch: '/api/publish/delete_batch',
    reopen: '/api/publish/reopen',
    startChange: '/api/publish/start_change',
    discardChange: '/api/publish/discard_change',
    history: '/api/publish/history',
    prereview: '/api/publish/prereview',
    materialAdd: '/api/publish/material_add',
    materialRemove: '/api/publish/material_remove',
    authorizationPdf: '/api/publish/authorization',
    platforms: '/api/publish/platforms',
    waitCount: '/api/publish/waitcount',
  },
  indexData: '/api/app.cpuser/get_index_data',
  /** Delivery to stores (issue 13). */
  distribution: DISTRIBUTION_PATHS,
  /** The cover maker (issue 14). */
  covers: COVERS_PATHS,
  /** Income: the musician's bills (issue 11), and withdrawals (issue 12). */
  bill: { ...ROYALTIES_PATHS, ...WITHDRAWAL_PATHS },
  /** Real names, minors, enterprise verification (issue 10). */
  realname: REALNAME_PATHS,
  /** Storage (works issue): quota, upload grants, resumable (tus) uploads of audio and video. */
  userStorage: '/api/userstorage/userdata',
  ossSecret: '/api/aliyun/osssecret',
  uploadTus: '/api/upload/tus',
  uploadFile: '/api/upload/file',
  uploadSigned: '/api/upload/signed',
  uploadConfirm: '/api/upload/confirm',
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
    problemList: '/api/admin/problem/list',
    broadcast: '/api/admin/message/broadcast',
    broadcastList: '/api/admin/message/list',
    problemClose: '/api/admin/problem/close',
    reviewList: '/api/admin/review/list',
    reviewDetail: '/api/admin/review/detail',
    reviewApprove: '/api/admin/review/approve',
    reviewReject: '/api/admin/review/reject',
    reviewOnline: '/api/admin/review/online',
    /** The signed authorization letter of any work (PDF), for editors. */
    reviewAuthorization: '/api/admin/review/authorization',
    content: {
      news: contentAdminPaths('news'),
      news_category: contentAdminPaths('news_category'),
      help_category: contentAdminPaths('help_category'),
      help_article: contentAdminPaths('help_article'),
      question_category: contentAdminPaths('question_category'),
      question: contentAdminPaths('question'),
      hot_plan: contentAdminPaths('hot_plan'),
      version: contentAdminPaths('version'),
      /** The sites content can be scoped to, each with its download links and QR images. */
      sites: '/api/admin/content/sites',
      downloadSave: '/api/admin/content/download_save',
    },
    workorderList: '/api/admin/workorder/list',
    workorderDetail: '/api/admin/workorder/detail',
    workorderReply: '/api/admin/workorder/reply',
    workorderAssign: '/api/admin/workorder/assign',
    workorderClose: '/api/admin/workorder/close',
    distribution: DISTRIBUTION_ADMIN_PATHS,
    covers: COVERS_ADMIN_PATHS,
    royalties: ROYALTIES_ADMIN_PATHS,
    withdrawals: WITHDRAWAL_ADMIN_PATHS,
    realname: REALNAME_ADMIN_PATHS,
  },
} as const;
