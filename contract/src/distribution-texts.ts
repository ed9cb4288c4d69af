/**
 * Why a delivery stopped, in words a musician reads: every rule a gate, a transport or a store's acknowledgement can
 * name, with what it means, what happens next or what to do, and who must act. Unknown rules fall back by their
 * family (the part before the first dot), never to silence.
 */
import type { DeliveryActor, DeliveryFailure } from './distribution-types';

interface Text {
  zh: string;
  en: string;
}

interface Entry {
  reason: Text;
  next: Text;
  who: DeliveryActor;
}

const FIX_WORK: Text = {
  zh: '请在作品管理中修改作品（发起变更）并重新提交，审核通过后会自动重新发送。',
  en: 'Edit the work (start a change) in Work management and submit it again; it is resent once approved.',
};
const STAFF_RETRY: Text = {
  zh: '这是平台方面的问题，乐轨运营人员已收到提醒，会修复后重新发送，您无需操作。',
  en: 'This is on our side: Trackline staff have been alerted and will fix and resend it. Nothing for you to do.',
};
const AUTO_RETRY: Text = {
  zh: '系统会自动重试；多次失败后运营人员会介入，您无需操作。',
  en: 'We retry automatically; staff step in if it keeps failing. Nothing for you to do.',
};

const e = (zh: string, en: string, next: Text, who: DeliveryActor): Entry => ({ reason: { zh, en }, next, who });

export const DELIVERY_RULES: Record<string, Entry> = {
  'fact.upc': e('作品还没有 UPC 条码', 'The release has no UPC yet', STAFF_RETRY, 'staff'),
  'fact.isrc': e('有曲目还没有 ISRC 编码', 'A track has no ISRC yet', STAFF_RETRY, 'staff'),
  'fact.title': e('作品或曲目缺少标题', 'The release or a track has no title', FIX_WORK, 'musician'),
  'fact.artist': e('作品或曲目缺少主要艺人', 'The release or a track has no main artist', FIX_WORK, 'musician'),
  'fact.label': e(
    '作品没有填写厂牌，平台要求每个作品都有厂牌',
    'The release has no label; stores list every release under one',
    FIX_WORK,
    'musician',
  ),
  'fact.genre': e(
    '作品的流派为“其他”或未填写，平台无法归类',
    'The genre is “other” or empty: stores cannot file it',
    FIX_WORK,
    'musician',
  ),
  'fact.release_date': e('作品没有发行日期', 'The release has no release date', FIX_WORK, 'musician'),
  'fact.territories': e('作品没有选择发行地区', 'No territory was chosen', FIX_WORK, 'musician'),
  'fact.cover': e('作品缺少封面', 'The release has no cover', FIX_WORK, 'musician'),
  'fact.cover_analysis': e('封面文件无法识别', 'The cover file could not be read', FIX_WORK, 'musician'),
  'fact.audio': e('有曲目缺少主音频', 'A track has no main audio', FIX_WORK, 'musician'),
  'fact.audio_analysis': e(
    '有音频文件无法识别采样率、位深或时长',
    'An audio file’s sample rate, bit depth or length could not be read',
    FIX_WORK,
    'musician',
  ),
  'fact.file_hash': e('文件校验值缺失', 'A file has no checksum', STAFF_RETRY, 'staff'),
  'config.recipient_dpid': e(
    '该平台的对接信息尚未配置完成',
    'This store’s connection is not configured yet',
    STAFF_RETRY,
    'staff',
  ),
  'config.deal_terms': e(
    '该平台的销售方式尚未配置',
    'This store’s sales terms are not configured yet',
    STAFF_RETRY,
    'staff',
  ),
  'store.release_type': e(
    '该平台不接受此类型的作品（单曲/EP/专辑）',
    'This store does not take this kind of release (single/EP/album)',
    FIX_WORK,
    'musician',
  ),
  'store.p_line': e('该平台要求填写录音版权（℗）信息', 'This store needs a ℗ (recording) line', FIX_WORK, 'musician'),
  'store.c_line': e('该平台要求填写版权（©）信息', 'This store needs a © line', FIX_WORK, 'musician'),
  'store.audio_codec': e(
    '该平台只接受无损音频（WAV/FLAC）',
    'This store takes lossless audio only (WAV/FLAC)',
    FIX_WORK,
    'musician',
  ),
  'store.audio_format': e(
    '音频规格不符合该平台要求（需 44.1 kHz 以上、16 位以上、立体声）',
    'The audio does not meet this store’s format (44.1 kHz+, 16-bit+, stereo)',
    FIX_WORK,
    'musician',
  ),
  'store.cover_size': e('封面尺寸不符合该平台要求', 'The cover is not the size this store needs', FIX_WORK, 'musician'),
  'store.max_tracks': e('曲目数量超过该平台上限', 'More tracks than this store allows', FIX_WORK, 'musician'),
  'store.purge': e('该平台不接受永久删除指令', 'This store does not take permanent removals', STAFF_RETRY, 'staff'),
  'store.deals': e('没有可发送的销售方式', 'No sales terms to send', STAFF_RETRY, 'staff'),
  'transport.connect': e(
    '暂时无法连接到该平台的服务器',
    'The store’s server could not be reached',
    AUTO_RETRY,
    'staff',
  ),
  'transport.io': e('文件传输中断', 'The transfer was interrupted', AUTO_RETRY, 'staff'),
  'transport.size_mismatch': e('文件传输不完整', 'A file arrived incomplete', AUTO_RETRY, 'staff'),
  'transport.config': e('该平台的传输设置有误', 'This store’s transfer settings are wrong', STAFF_RETRY, 'staff'),
  'ack.ResourceCorrupt': e('平台收到的文件已损坏', 'The store found a file damaged', STAFF_RETRY, 'staff'),
  'ack.ResourceMissing': e('平台没有收到全部文件', 'The store did not get every file', STAFF_RETRY, 'staff'),
  'ack.ResouceBinariesMissing': e('平台没有收到全部文件', 'The store did not get every file', STAFF_RETRY, 'staff'),
  'ack.ResourceNotMeetingSpecifications': e(
    '平台认为音频或封面质量不符合要求',
    'The store found the audio or cover below its standards',
    FIX_WORK,
    'musician',
  ),
  'ack.MetadataMissing': e('平台认为作品信息不完整', 'The store found information missing', FIX_WORK, 'musician'),
  'ack.PrimaryArtistNameMissing': e('平台要求填写主要艺人', 'The store needs a main artist', FIX_WORK, 'musician'),
  'ack.CommercialReleaseDateInvalid': e(
    '平台不接受该发行日期',
    'The store does not accept the release date',
    FIX_WORK,
    'musician',
  ),
  'ack.NewReleaseMessageInvalid': e(
    '平台无法读取我们发送的作品信息',
    'The store could not read the message we sent',
    STAFF_RETRY,
    'staff',
  ),
  'ack.NoDealInNewReleaseMessage': e('平台没有收到销售方式', 'The store got no sales terms', STAFF_RETRY, 'staff'),
  'ack.NoDealForTrackRelease': e(
    '平台没有收到单曲的销售方式',
    'The store got no sales terms for a track',
    STAFF_RETRY,
    'staff',
  ),
  'ack.IdentifierInvalid': e('平台认为 ISRC 或 UPC 有误', 'The store found an ISRC or UPC wrong', STAFF_RETRY, 'staff'),
  'ack.IdentifierSyntaxInvalid': e(
    '平台认为 ISRC 或 UPC 格式有误',
    'The store found an ISRC or UPC malformed',
    STAFF_RETRY,
    'staff',
  ),
  'ack.ConflictingAvailabilityPeriods': e(
    '平台发现发行时间冲突',
    'The store found conflicting availability dates',
    STAFF_RETRY,
    'staff',
  ),
  'ack.InternalError': e(
    '平台内部出错',
    'The store had an internal error',
    {
      zh: '乐轨运营人员会与平台确认后重新发送，您无需操作。',
      en: 'Trackline staff will check with the store and resend. Nothing for you to do.',
    },
    'store',
  ),
};

const FAMILY: Record<string, Entry> = {
  fact: e('作品信息不完整', 'The work is missing information', FIX_WORK, 'musician'),
  store: e('不符合该平台的要求', 'It does not meet this store’s rules', FIX_WORK, 'musician'),
  ack: e('平台拒收了该作品', 'The store refused the release', STAFF_RETRY, 'staff'),
  transport: e('传输失败', 'The transfer failed', AUTO_RETRY, 'staff'),
};
const FALLBACK = e('发送前的检查没有通过', 'It did not pass the checks before sending', STAFF_RETRY, 'staff');

/** The reason, next step and actor of a failure rule, in `lang` (zh-CN unless 'en'). */
export function deliveryFailure(rule: string, lang: 'zh-CN' | 'en'): DeliveryFailure {
  const entry = DELIVERY_RULES[rule] ?? FAMILY[rule.split('.')[0] ?? ''] ?? FALLBACK;
  const pick = (t: Text) => (lang === 'en' ? t.en : t.zh);
  return { rule, reason: pick(entry.reason), next: pick(entry.next), who: entry.who };
}
