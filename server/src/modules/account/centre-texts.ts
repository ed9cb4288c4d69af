/** The account centre's success texts (the envelope's msg). */
const texts = {
  SAVED: { zh: '保存成功', en: 'Saved' },
  PASSWORD_CHANGED: { zh: '密码已修改，其他设备已退出登录', en: 'Password changed; other devices were signed out' },
  MOBILE_CHANGED: {
    zh: '手机号已更换，下次请用新手机号登录',
    en: 'Mobile changed; log in with the new number from now on',
  },
  SIGNED_OUT: { zh: '该设备已退出登录', en: 'That device has been signed out' },
  SIGNED_OUT_OTHERS: { zh: '其他设备已全部退出登录', en: 'Every other device has been signed out' },
  DELETION_REQUESTED: {
    zh: '注销申请已提交，冷静期内重新登录即可撤销',
    en: 'Deletion requested; logging in during the cooling-off period cancels it',
  },
  EXPORT_STARTED: { zh: '正在生成数据导出文件', en: 'Your data export is being prepared' },
} as const;

export function centreText(key: keyof typeof texts, lang: 'zh-CN' | 'en'): string {
  return lang === 'en' ? texts[key].en : texts[key].zh;
}
