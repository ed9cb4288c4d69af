/**
 * The contract's zh/en label pairs (statuses, property, source, materials, reject reasons) and rule texts, in the
 * language the UI shows. One hook so every works page picks the same side of each pair.
 */
import type { RuleLang } from '@trackline/contract/rule-texts';
import { issueText } from '@trackline/contract/rule-texts';
import { REJECT_REASON_LABELS, type RejectReason } from '@trackline/contract/work-model';
import type { RuleIssue } from '@trackline/contract/works-types';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export interface LabelPair {
  zh: string;
  en: string;
}

export interface WorkLabels {
  lang: RuleLang;
  pick: (pair: LabelPair) => string;
  issue: (issue: RuleIssue) => string;
  rejectReason: (reason: { code: RejectReason; text: string }) => string;
}

export function useWorkLabels(): WorkLabels {
  const { i18n } = useTranslation();
  const lang: RuleLang = i18n.language === 'en' ? 'en' : 'zh-CN';
  const pick = useCallback((pair: LabelPair) => (lang === 'en' ? pair.en : pair.zh), [lang]);
  const issue = useCallback((value: RuleIssue) => issueText(value, lang), [lang]);
  const rejectReason = useCallback(
    (reason: { code: RejectReason; text: string }) => {
      const label = REJECT_REASON_LABELS[reason.code];
      const head = label ? pick(label) : reason.code;
      const text = reason.text.trim();
      return text ? `${head}${lang === 'en' ? ': ' : '：'}${text}` : head;
    },
    [lang, pick],
  );
  return { lang, pick, issue, rejectReason };
}

/** A territory's name in the UI language (the browser knows every ISO 3166 region name). */
export function territoryName(code: string, lang: RuleLang): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
