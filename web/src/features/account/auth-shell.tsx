/** The frame of the login, registration and find-password pages: a brand panel beside the form card. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteTitle } from '../site/use-agent-info';
import './auth.css';

interface AuthShellProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthShell({ title, subtitle, children, footer }: AuthShellProps) {
  const { t } = useTranslation();
  const site = useSiteTitle();
  return (
    <div className="auth-page">
      <div className="auth-card">
        <aside className="auth-card__brand" aria-hidden="true">
          <p className="auth-card__brand-title">{t('auth.brandTitle', { site })}</p>
          <p className="auth-card__brand-text">{t('auth.brandText')}</p>
          <div className="auth-card__waves">
            {Array.from({ length: 24 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative row that never reorders
              <span key={index} style={{ animationDelay: `${(index % 8) * 0.12}s` }} />
            ))}
          </div>
        </aside>
        <section className="auth-card__form">
          <h1 className="auth-card__title">{title}</h1>
          {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
          {children}
          {footer && <div className="auth-card__footer">{footer}</div>}
        </section>
      </div>
    </div>
  );
}
