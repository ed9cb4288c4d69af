/** The personal centre's own navigation (information, profile, security), links so each page has its address. */

import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import './person-center.css';

export const PERSON_CENTER_ROUTES = {
  information: '/person-center/information',
  updateInfo: '/person-center/update-info',
  security: '/person-center/reset-pwd',
} as const;

export function PersonCenterNav() {
  const { t } = useTranslation();
  return (
    <nav className="pc-nav" aria-label={t('personCenter.nav.label')}>
      {(Object.keys(PERSON_CENTER_ROUTES) as Array<keyof typeof PERSON_CENTER_ROUTES>).map((key) => (
        <NavLink key={key} to={PERSON_CENTER_ROUTES[key]} className="pc-nav__link" end>
          {t(`personCenter.nav.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
