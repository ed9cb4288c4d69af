/**
 * /person-center/information: who I am (avatar, nickname, account type, the verified badge, real-name status, masked
 * mobile, share, registration date, bio and artist names) and each thing still to do, with a link to do it.
 * Real-name and enterprise verification are the realname pages' (/realidcation); bank cards the withdraw page's: the
 * bank-card item says whether a card is bound (bank and masked number, from GET /api/bill/bankinfo) or not yet.
 */
import { CheckCircleFilled, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { ErrorState, ListSkeleton } from '../content/content-states';
import { useBankInfo } from '../withdrawals/withdrawals-api';
import { useProfile } from './person-center-api';
import { PERSON_CENTER_ROUTES, PersonCenterNav } from './person-center-nav';

export default function InformationPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const p = profile.data;
  const enterprise = p ? p.group_id !== 1 : false;

  return (
    <div className="shell-width pc-page">
      <h1 className="pc-page__title">{t('personCenter.info.title')}</h1>
      <PersonCenterNav />
      {profile.isPending ? (
        <ListSkeleton rows={2} />
      ) : profile.isError || !p ? (
        <ErrorState onRetry={() => void profile.refetch()} />
      ) : (
        <>
          {p.deletion && (
            <p className="pc-card pc-danger" role="status">
              {t('personCenter.leave.pendingText', { date: formatDate(p.deletion.erase_at) })}
            </p>
          )}
          <section className="pc-card" aria-labelledby="pc-who">
            <div className="pc-identity">
              <Avatar size={80} src={p.avatar ? `${p.domain}${p.avatar}` : undefined} icon={<UserOutlined />} alt="" />
              <div>
                <h2 id="pc-who" className="pc-identity__name">
                  <span data-testid="pc-nickname">{p.nickname}</span>
                  {p.is_verify === 1 ? (
                    <Tag color="green" icon={<CheckCircleFilled aria-hidden="true" />}>
                      {t('personCenter.info.verified')}
                    </Tag>
                  ) : (
                    <Tag>{t('personCenter.info.notVerified')}</Tag>
                  )}
                </h2>
                <p className="pc-card__hint">{p.bio || t('personCenter.info.bioEmpty')}</p>
              </div>
              <Link to={PERSON_CENTER_ROUTES.updateInfo} style={{ marginLeft: 'auto' }}>
                <Button>{t('personCenter.info.edit')}</Button>
              </Link>
            </div>
            <dl className="pc-facts">
              <div>
                <dt>{t('personCenter.info.accountType')}</dt>
                <dd>{enterprise ? t('personCenter.info.enterprise') : t('personCenter.info.individual')}</dd>
              </div>
              {enterprise && (
                <div>
                  <dt>{t('personCenter.info.company')}</dt>
                  <dd>{p.company_name}</dd>
                </div>
              )}
              <div>
                <dt>{t('personCenter.info.realName')}</dt>
                <dd>
                  {p.real_name && p.is_verify === 1
                    ? t('personCenter.info.realNameDone', { name: p.real_name })
                    : t('personCenter.info.realNameNone')}
                </dd>
              </div>
              <div>
                <dt>{t('personCenter.info.mobile')}</dt>
                <dd data-testid="pc-mobile">{p.mobile_masked}</dd>
              </div>
              <div>
                <dt>{t('personCenter.info.rate')}</dt>
                <dd>{t('personCenter.info.rateValue', { rate: String(p.rate) })}</dd>
              </div>
              <div>
                <dt>{t('personCenter.info.registered')}</dt>
                <dd>{formatDate(p.created_at)}</dd>
              </div>
              <div>
                <dt>{t('personCenter.info.artistNames')}</dt>
                <dd data-testid="pc-artist-names">
                  {p.artist_names.length ? p.artist_names.join(' / ') : t('personCenter.info.artistNamesEmpty')}
                </dd>
              </div>
            </dl>
          </section>
          <section className="pc-card" aria-labelledby="pc-todo-title">
            <h2 id="pc-todo-title" className="pc-card__title">
              {t('personCenter.info.todoTitle')}
            </h2>
            <ul className="pc-todos">
              {p.todos.map((item) =>
                item.key === 'bank_card' ? (
                  <BankCardTodo key={item.key} link={item.link} />
                ) : (
                  <li key={item.key} className="pc-todo">
                    <span>
                      {t(`personCenter.info.todo.${item.key}`)}{' '}
                      <Tag color={item.state === 'done' ? 'green' : item.state === 'todo' ? 'orange' : 'default'}>
                        {t(`personCenter.info.todoState.${item.state}`)}
                      </Tag>
                    </span>
                    <Link to={item.link}>{t(`personCenter.info.todoAction.${item.state}`)}</Link>
                  </li>
                ),
              )}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}

/** The bank-card item: bound (bank and masked number) or not yet, read from the withdraw page's own call. */
function BankCardTodo({ link }: { link: string }) {
  const { t, i18n } = useTranslation();
  const info = useBankInfo();
  const card = info.data?.card;
  const en = i18n.language.startsWith('en');
  return (
    <li className="pc-todo" data-testid="pc-bank-card">
      <span>
        {t('personCenter.info.todo.bank_card')}{' '}
        {info.isPending ? (
          <Tag>{t('personCenter.info.bankCard.loading')}</Tag>
        ) : info.isError ? (
          <Tag>{t('personCenter.info.bankCard.unknown')}</Tag>
        ) : card ? (
          <>
            <Tag color="green">{t('personCenter.info.bankCard.bound')}</Tag>
            <span className="pc-card__hint">
              {en ? card.bank_name_en || card.bank_name : card.bank_name} {card.card_no}
            </span>
          </>
        ) : (
          <Tag color="orange">{t('personCenter.info.bankCard.none')}</Tag>
        )}
      </span>
      <Link to={link}>{card ? t('personCenter.info.bankCard.manage') : t('personCenter.info.bankCard.add')}</Link>
    </li>
  );
}
