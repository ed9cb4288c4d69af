/**
 * The error catalogue (spec §8, extended where it says "not shown").
 * Each entry: a stable key, the envelope `code`, the HTTP status, and its text in zh-CN and en.
 * A refusal of the business (not found, not allowed, ...) is HTTP 200, as the spec's client reads `code`, not the
 * status; only protocol-level failures keep theirs (400, 413, 429, 5xx, and the tus statuses that its clients act on).
 * The server localizes `msg` from here; the web may use the same texts for its own checks.
 */
export const errorCatalogue = {
  LOGIN_INVALID: {
    code: 1000,
    status: 200,
    zh: '登录已失效，请重新登录',
    en: 'Your session has expired, please log in again',
  },
  VALIDATION: { code: 2001, status: 200, zh: '提交的信息有误', en: 'Some of the information is not valid' },
  CAPTCHA_REQUIRED: { code: 2002, status: 200, zh: '请输入图形验证码', en: 'Please enter the picture code' },
  CAPTCHA_WRONG: {
    code: 2003,
    status: 200,
    zh: '图形验证码错误或已过期',
    en: 'The picture code is wrong or has expired',
  },
  SMS_CODE_WRONG: { code: 2010, status: 200, zh: '短信验证码错误', en: 'The SMS code is wrong' },
  SMS_CODE_EXPIRED: {
    code: 2011,
    status: 200,
    zh: '短信验证码已过期或已使用，请重新获取',
    en: 'The SMS code has expired or was already used; request a new one',
  },
  SMS_CODE_EXHAUSTED: {
    code: 2012,
    status: 200,
    zh: '短信验证码错误次数过多，请重新获取',
    en: 'Too many wrong SMS codes; request a new one',
  },
  SMS_SEND_FAILED: {
    code: 2013,
    status: 200,
    zh: '短信发送失败，请稍后再试',
    en: 'The SMS could not be sent; try again later',
  },
  MOBILE_INVALID: {
    code: 2014,
    status: 200,
    zh: '请输入正确的手机号码',
    en: 'Enter a valid mainland China mobile number',
  },
  MOBILE_TAKEN: { code: 2020, status: 200, zh: '该手机号已注册', en: 'This mobile number is already registered' },
  MOBILE_UNKNOWN: { code: 2021, status: 200, zh: '该手机号尚未注册', en: 'This mobile number is not registered' },
  PASSWORD_WEAK: {
    code: 2022,
    status: 200,
    zh: '密码至少8位，且需包含字母和数字',
    en: 'The password needs at least 8 characters with letters and digits',
  },
  LOGIN_FAILED: { code: 2023, status: 200, zh: '账号或密码错误', en: 'Wrong account or password' },
  ACCOUNT_LOCKED: {
    code: 2024,
    status: 200,
    zh: '登录失败次数过多，账号已临时锁定，请稍后再试',
    en: 'Too many failed logins; the account is locked for a while',
  },
  ACCOUNT_DISABLED: { code: 2025, status: 200, zh: '账号已停用', en: 'This account is disabled' },
  COMPANY_REQUIRED: {
    code: 2026,
    status: 200,
    zh: '企业用户请填写公司名称',
    en: 'Enterprise accounts need a company name',
  },
  RATE_LIMITED: { code: 2030, status: 429, zh: '操作过于频繁，请稍后再试', en: 'Too many requests; try again later' },
  FORBIDDEN: { code: 2040, status: 200, zh: '没有权限执行此操作', en: 'You are not allowed to do this' },
  CROSS_SITE: { code: 2041, status: 403, zh: '请求来源不被允许', en: 'Requests from other sites are not allowed' },
  NOT_FOUND: { code: 2044, status: 200, zh: '请求的资源不存在', en: 'Not found' },
  AGENT_DOMAIN_TAKEN: {
    code: 2050,
    status: 200,
    zh: '该域名已被其他站点使用',
    en: 'Another site already uses this domain',
  },
  STAFF_USERNAME_TAKEN: { code: 2051, status: 200, zh: '该用户名已存在', en: 'This username is already taken' },
  LAST_ADMIN: {
    code: 2052,
    status: 200,
    zh: '至少需要保留一名启用的管理员',
    en: 'At least one active admin must remain',
  },
  FILE_INVALID: { code: 2060, status: 200, zh: '文件格式或大小不符合要求', en: 'The file type or size is not allowed' },
  CONTENT_FIXED_ITEM: {
    code: 2080,
    status: 200,
    zh: '这是网站固定链接的内容，只能修改文字，不能删除、下线或更改分类与站点',
    en: 'The site links to this item: its texts can be edited, but it cannot be deleted, unpublished or moved',
  },
  CONTENT_CATEGORY_IN_USE: {
    code: 2081,
    status: 200,
    zh: '该分类下还有内容，请先移走或删除这些内容',
    en: 'This category still holds items; move or delete them first',
  },
  CONTENT_CATEGORY_INVALID: {
    code: 2082,
    status: 200,
    zh: '所选分类不存在、缺少该语言版本，或不属于该站点',
    en: 'The category does not exist, lacks this language, or belongs to another site',
  },
  CONTENT_AGENT_UNKNOWN: { code: 2083, status: 200, zh: '所选站点不存在', en: 'The site does not exist' },
  UPLOAD_MISSING: {
    code: 2062,
    status: 200,
    zh: '请选择要上传的文件（表单字段 file）',
    en: 'Choose a file to upload (form field "file")',
  },
  UPLOAD_TYPE_REFUSED: {
    code: 2063,
    status: 200,
    zh: '只能上传 PNG、JPEG、GIF、WebP 图片，PDF 文件或 UTF-8 文本（TXT、LRC）',
    en: 'Only PNG, JPEG, GIF or WebP images, PDF files and UTF-8 plain text (TXT, LRC) can be uploaded',
  },
  UPLOAD_TOO_LARGE: { code: 2064, status: 200, zh: '文件不能超过 10 MB', en: 'A file may be at most 10 MB' },
  UPLOAD_EMPTY: { code: 2065, status: 200, zh: '文件是空的', en: 'The file is empty' },
  UPLOAD_IMAGE_TOO_LARGE: {
    code: 2067,
    status: 200,
    zh: '图片尺寸过大：宽高不能超过 10000 像素，总像素不能超过 1 亿',
    en: 'The image is too large: at most 10000 pixels a side and 100 megapixels in all',
  },
  UPLOAD_TEXT_INVALID: {
    code: 2066,
    status: 200,
    zh: '文本文件须为 UTF-8 编码，且不能含有空字符',
    en: 'A text file must be UTF-8 and contain no NUL characters',
  },
  WORKORDER_NOT_FOUND: { code: 2070, status: 200, zh: '工单不存在', en: 'This work order does not exist' },
  WORKORDER_ATTACHMENT_INVALID: {
    code: 2071,
    status: 200,
    zh: '附件无效：只能添加您自己上传的文件',
    en: 'Invalid attachment: only files you uploaded yourself can be attached',
  },
  WORKORDER_CLOSED: {
    code: 2072,
    status: 200,
    zh: '工单已关闭，用户回复后才会重新打开',
    en: 'This work order is closed; it reopens when the user replies',
  },
  WORKORDER_ASSIGNEE_INVALID: {
    code: 2073,
    status: 200,
    zh: '只能指派给启用中的客服或管理员',
    en: 'A work order can only be assigned to an active support member or admin',
  },
  WORK_NOT_FOUND: { code: 2100, status: 200, zh: '作品不存在', en: 'This work does not exist' },
  WORK_STATUS_CONFLICT: {
    code: 2101,
    status: 200,
    zh: '作品当前状态不允许此操作，请刷新后重试',
    en: 'The work is not in a status that allows this; refresh and try again',
  },
  WORK_NOT_EDITABLE: {
    code: 2102,
    status: 200,
    zh: '作品审核中或已上线，当前不能修改',
    en: 'The work is under review or online and cannot be changed now',
  },
  WORK_INCOMPLETE: {
    code: 2103,
    status: 200,
    zh: '作品信息尚未填写完整，请先完成上一步',
    en: 'The work information is not complete; finish the previous step first',
  },
  WORK_PREREVIEW_FAILED: {
    code: 2104,
    status: 200,
    zh: '作品未通过预审，请先修改预审列出的问题',
    en: 'The work does not pass pre-review; fix the problems it lists first',
  },
  WORK_NO_AUTHORIZATION: {
    code: 2105,
    status: 200,
    zh: '作品来源为“无授权”，不能提交发行',
    en: 'The source is "no authorization": the work cannot be submitted for release',
  },
  WORK_SIGNATURE_REQUIRED: {
    code: 2106,
    status: 200,
    zh: '仅拥有使用权的作品须手写签名授权书',
    en: 'A work you hold the right of use for needs your drawn signature',
  },
  WORK_SIGNATURE_INVALID: {
    code: 2107,
    status: 200,
    zh: '签名图片无效，请重新签名',
    en: 'The signature image is not valid; sign again',
  },
  WORK_RELEASE_DATE_TOO_SOON: {
    code: 2108,
    status: 200,
    zh: '发行日期太近，请为平台预留足够的准备时间，选择更晚的日期',
    en: 'The release date is too soon; leave the platforms their lead time and choose a later date',
  },
  WORK_PLATFORM_UNKNOWN: {
    code: 2109,
    status: 200,
    zh: '所选发行平台不存在或已停用',
    en: 'A chosen platform does not exist or is disabled',
  },
  WORK_FILE_INVALID: {
    code: 2110,
    status: 200,
    zh: '文件不存在，或不能用作该素材',
    en: 'The file does not exist or cannot be used for this material',
  },
  WORK_TRACKS_INVALID: {
    code: 2111,
    status: 200,
    zh: '单曲只能有一首曲目；专辑曲目不存在或重复',
    en: 'A single has exactly one track; an album track is unknown or repeated',
  },
  WORK_IDENTIFIER_TAKEN: {
    code: 2112,
    status: 200,
    zh: 'ISRC 或 UPC 已被其他作品使用',
    en: 'The ISRC or UPC is already used by another work',
  },
  WORK_IDENTIFIER_INVALID: {
    code: 2113,
    status: 200,
    zh: 'ISRC 或 UPC 格式或校验位错误',
    en: 'The ISRC or UPC has a wrong format or check digit',
  },
  WORK_NOT_DELETABLE: {
    code: 2114,
    status: 200,
    zh: '只有未提交或被驳回的新作品可以删除',
    en: 'Only new works not yet submitted, or rejected, can be deleted',
  },
  WORK_DRAFT_LIMIT: {
    code: 2125,
    status: 200,
    zh: '未完成的作品太多，请先完成或删除一些草稿',
    en: 'You have too many unfinished works; finish or delete some drafts first',
  },
  WORK_AGREEMENT_OUTDATED: {
    code: 2126,
    status: 200,
    zh: '授权书内容已更新，请刷新后重新阅读并签署',
    en: 'The authorization letter has changed; refresh, read it again and sign',
  },
  WORK_AUTHORIZATION_MISSING: {
    code: 2127,
    status: 200,
    zh: '该作品还没有签署的授权书',
    en: 'This work has no signed authorization letter yet',
  },
  DELIVERY_STORE_UNKNOWN: {
    code: 2150,
    status: 200,
    zh: '该作品没有选择这个发行平台',
    en: 'This work was not sent to that store',
  },
  DELIVERY_NOTHING_TO_TAKE_DOWN: {
    code: 2151,
    status: 200,
    zh: '所选平台上没有可下架的内容',
    en: 'There is nothing on the chosen stores to take down',
  },
  DELIVERY_MESSAGE_NOT_FOUND: {
    code: 2152,
    status: 200,
    zh: '发送记录不存在',
    en: 'This delivery does not exist',
  },
  STORAGE_QUOTA_EXCEEDED: {
    code: 2090,
    status: 200,
    zh: '存储空间不足，请删除不需要的文件后再上传',
    en: 'Not enough storage space left; remove files you no longer need and try again',
  },
  UPLOAD_MEDIA_REFUSED: {
    code: 2091,
    status: 200,
    zh: '无法识别为有效的音频或视频文件',
    en: 'The file could not be read as audio or video',
  },
  UPLOAD_SIZE_OVER_LIMIT: {
    code: 2092,
    status: 200,
    zh: '文件超过了此类文件允许的大小',
    en: 'The file is larger than files of this kind may be',
  },
  UPLOAD_GRANT_INVALID: {
    code: 2093,
    status: 200,
    zh: '上传凭证无效、已过期或已使用，请重新上传',
    en: 'The upload permission is invalid, expired or already used; start the upload again',
  },
  UPLOAD_CONTENT_MISMATCH: {
    code: 2094,
    status: 200,
    zh: '文件类型或内容与所选的文件种类不符',
    en: 'The file type or content does not match the kind of file chosen',
  },
  UPLOAD_OFFSET_MISMATCH: {
    code: 2095,
    status: 409,
    zh: '上传进度与服务器不一致，请从服务器记录的位置继续',
    en: 'The upload offset does not match the server’s; resume from the server’s offset',
  },
  UPLOAD_BUSY: {
    code: 2096,
    status: 423,
    zh: '该文件正在接收数据，请稍后再试',
    en: 'This upload is receiving data right now; try again shortly',
  },
  UPLOAD_TUS_VERSION: {
    code: 2097,
    status: 412,
    zh: '不支持的续传协议版本（需要 tus 1.0.0）',
    en: 'Unsupported resumable upload protocol version (tus 1.0.0 is required)',
  },
  MALFORMED: { code: 4000, status: 400, zh: '请求格式错误', en: 'The request is malformed' },
  TOO_LARGE: { code: 4130, status: 413, zh: '请求内容过大', en: 'The request is too large' },
  INTERNAL: { code: 5000, status: 500, zh: '系统错误', en: 'System error' },
  UNAVAILABLE: {
    code: 5030,
    status: 503,
    zh: '服务暂时不可用，请稍后再试',
    en: 'The service is temporarily unavailable; try again later',
  },
} as const satisfies Record<string, { code: number; status: number; zh: string; en: string }>;

export type ErrorKey = keyof typeof errorCatalogue;
export type Lang = 'zh-CN' | 'en';

export function errorText(key: ErrorKey, lang: Lang): string {
  const entry = errorCatalogue[key];
  return lang === 'en' ? entry.en : entry.zh;
}
