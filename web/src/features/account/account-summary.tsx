/** The logged-in user's account at a glance: who, what kind of account, verified or not, balance, rate. */
import { SafetyCertificateFilled, UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@trackline/contract/account';
import { GROUP_INDIVIDUAL } from '@trackline/contract/account-groups';
import { Avatar, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatFen, maskMobile } from '../../lib/format';
import { userImageUrl } from './use-user-info';
import './account-summary.css';

export function AccountSummary({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const name = user.nickname || maskMobile(user.username);
  const individual = user.group_id === GROUP_INDIVIDUAL;
  const verified = user.is_verify === 1;
  const account = user.user_account_info;

  return (
    <section className="account-summary" aria-labelledby="account-summary-title">
      <div className="account-summary__head">
        <Avatar
          size={64}
          src={user.avatar ? userImageUrl(user, user.avatar) : undefined}
          icon={<UserOutlined />}
          alt=""
        />
        <div>
          <h1 id="account-summary-title" className="account-summary__welcome">
            {t('entry.welcome', { name })}
          </h1>
          <p className="account-summary__subtitle">{t('entry.subtitle')}</p>
          <div className="account-summary__tags">
            <Tag color="purple">{individual ? t('auth.individual') : t('auth.enterprise')}</Tag>
            {verified ? (
              <Tag color="success" icon={<SafetyCertificateFilled />}>
                {t('entry.verified')}
              </Tag>
            ) : (
              <Tag>{t('entry.unverified')}</Tag>
            )}
          </div>
        </div>
      </div>

      <h2 className="visually-hidden">{t('entry.summary')}</h2>
      <dl className="account-summary__facts">
        <div className="account-summary__fact account-summary__fact--money">
          <dt>{t('entry.balance')}</dt>
          <dd>
            <span className="account-summary__amount">{formatFen(account?.balance_fen)}</span>{' '}
            <span className="account-summary__unit">{t('common.yuan')}</span>
          </dd>
        </div>
        <div className="account-summary__fact">
          <dt>{t('entry.rate')}</dt>
          <dd>{Number.isFinite(user.rate) ? `${user.rate}%` : '--'}</dd>
        </div>
        <div className="account-summary__fact">
          <dt>{t('entry.nickname')}</dt>
          <dd>{user.nickname || '--'}</dd>
        </div>
        <div className="account-summary__fact">
          <dt>{t('entry.mobile')}</dt>
          <dd>{maskMobile(user.username)}</dd>
        </div>
        <div className="account-summary__fact">
          <dt>{t('entry.accountType')}</dt>
          <dd>{individual ? t('auth.individual') : t('auth.enterprise')}</dd>
        </div>
        <div className="account-summary__fact">
          <dt>{t('entry.verifyStatus')}</dt>
          <dd>{verified ? t('entry.verified') : t('entry.unverified')}</dd>
        </div>
        {!individual && (
          <div className="account-summary__fact">
            <dt>{t('entry.company')}</dt>
            <dd>{account?.company_name || '--'}</dd>
          </div>
        )}
        <div className="account-summary__fact">
          <dt>{t('entry.since')}</dt>
          <dd>{formatDate(account?.created_at)}</dd>
        </div>
      </dl>
    </section>
  );
}
