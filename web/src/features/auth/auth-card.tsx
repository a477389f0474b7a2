import type { ReactNode } from 'react';
import './auth.css';

/** The card every account screen sits in. */
export function AuthCard({
  title,
  wide = false,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="auth-page" aria-labelledby="auth-title">
      <div className={wide ? 'auth-card auth-card-wide' : 'auth-card'}>
        <h1 id="auth-title">{title}</h1>
        {children}
      </div>
    </section>
  );
}
