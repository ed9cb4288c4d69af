/**
 * /person-center/reset-pwd (account security): the password, the mobile, signed-in devices, recent sign-ins and
 * security events, and leaving (the data export and account deletion).
 */
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../account/use-user-info';
import { ListSkeleton } from '../content/content-states';
import { LeavingSection } from './leaving-section';
import { PersonCenterNav } from './person-center-nav';
import { EventsSection, MobileSection, PasswordSection, SessionsSection } from './security-sections';

export default function ResetPwdPage() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  return (
    <div className="shell-width pc-page">
      <h1 className="pc-page__title">{t('personCenter.security.title')}</h1>
      <PersonCenterNav />
      {!user ? (
        <ListSkeleton rows={3} />
      ) : (
        <>
          <PasswordSection />
          <MobileSection key={user.username} />
          <SessionsSection />
          <EventsSection />
          <LeavingSection />
        </>
      )}
    </div>
  );
}
