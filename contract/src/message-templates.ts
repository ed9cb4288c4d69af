/**
 * System message templates (issue 9: a message was written once, in the language of the moment it was sent, so a
 * musician who reads English saw Chinese notices). A message now stores its template key and parameters; whoever
 * reads it gets it rendered in their own language (the server renders on read, with the reader's Accept-Language).
 * The texts here are the only copy: the server also stores the zh-CN rendering as the row's title and content, so a
 * message whose template was later removed, and every message stored before templates existed, stays readable.
 */
import { deliveryFailure } from './distribution-texts';
import { formatFen } from './format';
import { formatIsrc } from './identifiers';
import { REJECT_REASON_LABELS, type RejectReason } from './work-model';

export type MessageLang = 'zh-CN' | 'en';

export interface RenderedMessage {
  title: string;
  content: string;
}

const TITLE_EXCERPT_MAX = 40;
const EXCERPT_MAX = 200;

function cut(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** A work named in a message: its title in the language's quotes, or its number when it has none. */
function workName(p: { id: number; title: string }, en: boolean): string {
  const title = cut(p.title, TITLE_EXCERPT_MAX);
  if (en) return title ? `"${title}"` : `#${p.id}`;
  return title ? `《${title}》` : `#${p.id}`;
}

function editorNote(remark: string, en: boolean): string {
  const text = remark.trim();
  if (!text) return '';
  return en ? `\nThe editor's note: ${text}` : `\n编辑留言：${text}`;
}

/** Parameters of each template (what a sender stores). */
export interface MessageTemplateParams {
  welcome: { site: string };
  'welcome.minor': { site: string };
  'work.passed_first': { id: number; title: string; remark: string };
  'work.approved': {
    id: number;
    title: string;
    remark: string;
    change: boolean;
    upc: string | null;
    isrcs: Array<{ position: number; isrc: string | null }>;
  };
  'work.rejected': { id: number; title: string; reason: RejectReason; text: string };
  'work.online': { id: number; title: string; remark: string };
  'delivery.online': { id: number; title: string };
  'delivery.store_live': { id: number; title: string; store_zh: string; store_en: string };
  'delivery.store_failed': { id: number; title: string; store_zh: string; store_en: string; rule: string };
  'workorder.reply': { id: number; title: string; excerpt: string; awaiting_user: boolean };
  'workorder.closed': { id: number; title: string };
  'bill.posted': { month: string };
  'withdrawal.card_changed': { last4: string; hold_hours: number };
  'withdrawal.approved': { id: number; net_fen: string };
  'withdrawal.paid': { id: number; net_fen: string };
  'withdrawal.refused': { id: number; reason: string };
  'withdrawal.failed': { id: number; reason: string };
}
export type MessageTemplateKey = keyof MessageTemplateParams;

type Renderers = { [K in MessageTemplateKey]: (p: MessageTemplateParams[K], en: boolean) => RenderedMessage };

const RENDERERS: Renderers = {
  welcome: (p, en) =>
    en
      ? {
          title: `Welcome to ${p.site}`,
          content: 'Your account is ready. Publish your first song from Work publishing.',
        }
      : { title: `欢迎加入${p.site}`, content: '账号已开通，现在就可以在「作品发布」中发布你的第一首作品。' },

  // A minor's account (issue 10): the guardian's supplement comes before any submission.
  'welcome.minor': (p, en) =>
    en
      ? {
          title: `Welcome to ${p.site}`,
          content:
            'Your account is ready. Before submitting a work, your guardian completes your information at Real name.',
        }
      : {
          title: `欢迎加入${p.site}`,
          content: '账号已开通。提交作品前，请监护人在「实名认证」中完成未成年人信息补充。',
        },

  'work.passed_first': (p, en) => ({
    title: en ? `${workName(p, en)} passed the first review` : `作品${workName(p, en)}已通过初审`,
    content:
      (en
        ? 'Your work passed the editors’ first review and is now in final review.'
        : '您的作品已通过编辑初审，正在进行终审。') + editorNote(p.remark, en),
  }),

  'work.approved': (p, en) => {
    const lines: string[] = [];
    if (p.upc) lines.push(`UPC: ${p.upc}`);
    for (const t of p.isrcs)
      if (t.isrc) lines.push(`${en ? 'Track' : '曲目'} ${t.position} ISRC: ${formatIsrc(t.isrc)}`);
    const intro = en
      ? `${p.change ? 'The change to your work' : 'Your work'} passed review and is being distributed to the platforms.`
      : `您的${p.change ? '作品修改' : '作品'}已通过审核，正在向各平台发行。`;
    const name = workName(p, en);
    return {
      title: en
        ? `${p.change ? 'The change to ' : ''}${name} approved: being distributed`
        : `${p.change ? `作品${name}的修改` : `作品${name}`}已通过审核，正在发行`,
      content: `${intro}${lines.length ? `\n${lines.join('\n')}` : ''}${editorNote(p.remark, en)}`,
    };
  },

  'work.rejected': (p, en) => {
    const label = REJECT_REASON_LABELS[p.reason] ? REJECT_REASON_LABELS[p.reason][en ? 'en' : 'zh'] : p.reason;
    const detail = p.text.trim() ? `\n${en ? 'Details: ' : '说明：'}${p.text.trim()}` : '';
    return {
      title: en ? `${workName(p, en)} was not approved` : `作品${workName(p, en)}未通过审核`,
      content: en
        ? `Reason: ${label}${detail}\nEdit the work and submit it again.`
        : `驳回原因：${label}${detail}\n请修改作品后重新提交。`,
    };
  },

  'work.online': (p, en) => ({
    title: en ? `${workName(p, en)} is online` : `作品${workName(p, en)}已上线`,
    content:
      (en ? 'Your work is now online on the platforms you chose.' : '您的作品已在所选平台上线。') +
      editorNote(p.remark, en),
  }),

  'delivery.online': (p, en) =>
    en
      ? {
          title: `${workName(p, en)} is online`,
          content: 'Your work is online on the platforms you chose; each platform’s state is in the work’s details.',
        }
      : {
          title: `作品${workName(p, en)}已上线`,
          content: '您的作品已在所选平台上线，各平台的状态可在作品详情中查看。',
        },

  'delivery.store_live': (p, en) =>
    en
      ? { title: `${workName(p, en)} is live on ${p.store_en}`, content: `${p.store_en} confirmed the work is live.` }
      : { title: `${workName(p, en)}已在${p.store_zh}上线`, content: `${p.store_zh}已确认作品上线。` },

  'delivery.store_failed': (p, en) => {
    const failure = deliveryFailure(p.rule, en ? 'en' : 'zh-CN');
    const who = en
      ? { musician: 'action needed', staff: 'Trackline staff are on it', store: 'waiting for the platform' }[
          failure.who
        ]
      : { musician: '需要您处理', staff: '乐轨运营人员处理中', store: '等待平台处理' }[failure.who];
    return en
      ? {
          title: `${workName(p, en)} could not be sent to ${p.store_en} (${who})`,
          content: `${failure.reason}. ${failure.next}`,
        }
      : {
          title: `${workName(p, en)}发送到${p.store_zh}未成功（${who}）`,
          content: `${failure.reason}。${failure.next}`,
        };
  },

  'workorder.reply': (p, en) => {
    const title = cut(p.title, TITLE_EXCERPT_MAX);
    const ask = p.awaiting_user
      ? en
        ? '\nSupport needs more information from you: please reply in the work order.'
        : '\n客服需要您补充信息，请在工单中回复。'
      : '';
    return {
      title: en ? `New reply to work order #${p.id} "${title}"` : `工单 #${p.id}「${title}」有新回复`,
      content: `${cut(p.excerpt, EXCERPT_MAX)}${ask}`,
    };
  },

  'workorder.closed': (p, en) => {
    const title = cut(p.title, TITLE_EXCERPT_MAX);
    return {
      title: en ? `Work order #${p.id} "${title}" was closed` : `工单 #${p.id}「${title}」已关闭`,
      content: en
        ? 'Support closed this work order. If the problem is not solved, reply in the work order and it opens again.'
        : '客服已关闭该工单。如问题仍未解决，直接在工单中回复即可重新打开。',
    };
  },

  'bill.posted': (p, en) =>
    en
      ? {
          title: `Income bill for ${p.month} posted`,
          content: `Your income bill for ${p.month} is updated; see the details in Income bills (platforms usually settle 1–4 months after the sale).`,
        }
      : {
          title: `${p.month} 收入账单已入账`,
          content: `${p.month} 的收入账单已更新，可在“收入账单”中查看明细（各平台通常在销售后 1–4 个月内结算）。`,
        },

  // Withdrawals (issue 12): the card, finance's decision and the bank's result.
  'withdrawal.card_changed': (p, en) =>
    en
      ? {
          title: 'Your withdrawal card was changed',
          content: `Withdrawals now go to the card ending ${p.last4}. To keep your money safe you cannot withdraw for ${p.hold_hours} hours. If you did not do this, change your password at once and contact support.`,
        }
      : {
          title: '提现银行卡已变更',
          content: `你的提现银行卡已更换为尾号 ${p.last4} 的银行卡。为保障资金安全，${p.hold_hours} 小时内暂不能提现。如非本人操作，请立即修改密码并联系客服。`,
        },
  'withdrawal.approved': (p, en) =>
    en
      ? {
          title: 'Withdrawal approved',
          content: `Withdrawal #${p.id} was approved and goes to the bank with the next payout: ¥${formatFen(p.net_fen)} will arrive.`,
        }
      : {
          title: '提现审核通过',
          content: `提现 #${p.id} 已审核通过，将随下一批次打款，预计到账 ¥${formatFen(p.net_fen)}。`,
        },
  'withdrawal.paid': (p, en) =>
    en
      ? {
          title: 'Withdrawal paid',
          content: `Withdrawal #${p.id} was paid: ¥${formatFen(p.net_fen)} reached your card.`,
        }
      : { title: '提现已到账', content: `提现 #${p.id} 已打款，实际到账 ¥${formatFen(p.net_fen)}。` },
  'withdrawal.refused': (p, en) =>
    en
      ? {
          title: 'Withdrawal not approved',
          content: `Withdrawal #${p.id} was not approved: ${cut(p.reason, EXCERPT_MAX)}. The amount is back in your available balance.`,
        }
      : {
          title: '提现未通过',
          content: `提现 #${p.id} 未通过审核：${cut(p.reason, EXCERPT_MAX)}。金额已退回可提现余额。`,
        },
  'withdrawal.failed': (p, en) =>
    en
      ? {
          title: 'Withdrawal failed',
          content: `The bank returned withdrawal #${p.id}: ${cut(p.reason, EXCERPT_MAX)}. The amount is back in your available balance.`,
        }
      : {
          title: '提现失败',
          content: `提现 #${p.id} 银行退回：${cut(p.reason, EXCERPT_MAX)}。金额已退回可提现余额。`,
        },
};

/** A message as a sender hands it over: its kind (for the portal's icon and stress), template, parameters, link. */
export interface TemplatedMessage<K extends MessageTemplateKey = MessageTemplateKey> {
  kind: string;
  template: K;
  params: MessageTemplateParams[K];
  link?: string | null;
}

export function templated<K extends MessageTemplateKey>(
  kind: string,
  template: K,
  params: MessageTemplateParams[K],
  link?: string | null,
): TemplatedMessage<K> {
  return { kind, template, params, link };
}

/**
 * The message in `lang`; undefined for a key this version does not know or parameters it cannot read (the caller
 * then shows what was stored).
 */
export function renderMessage(template: string, params: unknown, lang: MessageLang): RenderedMessage | undefined {
  if (!Object.hasOwn(RENDERERS, template) || typeof params !== 'object' || params === null) return undefined;
  const render = RENDERERS[template as MessageTemplateKey] as (p: unknown, en: boolean) => RenderedMessage;
  try {
    return render(params, lang === 'en');
  } catch {
    return undefined;
  }
}
