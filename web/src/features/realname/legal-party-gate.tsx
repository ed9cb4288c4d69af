/**
 * Step 3's check on the legal party (issue 10): the letter names a verified real name, a verified company, or a minor
 * with the verified guardian. Until then the step says what is missing and links to the page that supplies it.
 */
import { REALNAME_PAGES } from '@trackline/contract/realname-paths';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealnameInfo } from './realname-api';

type Missing = 'real_name' | 'verification' | 'guardian' | 'enterprise';

export function useLegalPartyGate(): { blocker: string | null; notice: ReactNode } {
  const { t } = useTranslation();
  const { data: info } = useRealnameInfo();
  if (!info) return { blocker: null, notice: null };
  const party = info.legal_party;
  if (party?.verified)
    return {
      blocker: null,
      notice: (
        <p className="work-field__hint" data-testid="letter-legal-party">
          {t('realname.legalParty')}：{party.name}
          {party.guardian_name ? ` · ${t('realname.guardianOnLetter', { name: party.guardian_name })}` : ''}
        </p>
      ),
    };
  const enterprise = info.group_id === 2;
  const minor = party?.kind === 'minor' || (!party && info.kind === 'minor');
  const missing: Missing = minor ? 'guardian' : !party ? (enterprise ? 'enterprise' : 'real_name') : 'verification';
  const text = t(`realname.missing.${missing}`);
  const link = enterprise ? REALNAME_PAGES.enterprise : REALNAME_PAGES.person;
  return {
    blocker: text,
    notice: (
      <Alert
        type="warning"
        showIcon
        data-testid="legal-party-missing"
        message={`${t('realname.step3Missing')}${text}`}
        action={<Link to={link}>{t('realname.step3Go')}</Link>}
      />
    ),
  };
}
