import type { ReactNode } from 'react';
import './content.css';

interface PageHeroProps {
  title: ReactNode;
  subtitle?: ReactNode;
  eyebrow?: ReactNode;
  children?: ReactNode;
}

/** The banner at the top of a public content page; its h1 is the page's heading. */
export function PageHero({ title, subtitle, eyebrow, children }: PageHeroProps) {
  return (
    <header className="content-hero">
      <div className="shell-width content-hero__inner">
        {eyebrow && <p className="content-hero__eyebrow">{eyebrow}</p>}
        <h1 className="content-hero__title">{title}</h1>
        {subtitle && <p className="content-hero__subtitle">{subtitle}</p>}
        {children}
      </div>
    </header>
  );
}
