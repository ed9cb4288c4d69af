/** Real names, minors and enterprise verification (issue 10): spec §7's /api/realidcation/* and the calls beside them. */
export const REALNAME_PATHS = {
  /** Saves an adult's legal name and ID number (before verifying). */
  save: '/api/realidcation/save',
  /** The provider's verification page for the saved details (spec §7). */
  verifyUrl: '/api/realidcation/verifyurl',
  /** The minor's information supplement, with the guardian's consent; answers the guardian's verification page. */
  sendNonage: '/api/realidcation/sendnonage',
  /** The state and the masked details (spec §7). */
  info: '/api/realidcation/info',
  /** The provider's signed result. */
  callback: '/api/realidcation/callback',
  /** The development provider's own page decides here (only with IDENTITY_PROVIDER=dev). */
  devDecide: '/api/realidcation/dev_decide',
  /** An enterprise's company details and licence, for staff review. */
  enterpriseSave: '/api/realidcation/enterprise_save',
  /** Registers a minor with the guardian's mobile (the /register/children page). */
  registerChildren: '/api/user/register_children',
} as const;

export const REALNAME_ADMIN_PATHS = {
  enterpriseList: '/api/admin/realname/enterprise_list',
  enterpriseDetail: '/api/admin/realname/enterprise_detail',
  enterpriseApprove: '/api/admin/realname/enterprise_approve',
  enterpriseRefuse: '/api/admin/realname/enterprise_refuse',
} as const;

/** The musician pages of this area (linked from the personal centre and from step 3). */
export const REALNAME_PAGES = {
  person: '/realidcation',
  enterprise: '/realidcation/enterprise',
  devVerify: '/realidcation/dev-verify',
  registerChildren: '/register/children',
} as const;
