import type { ReactNode } from 'react';
import './auth.css';

/**
 * The card every account screen sits in, in a section a screen tall like the signed-in frames: a visitor
 * sent from /dashboard's frame to /login sees the form take the frame's place with the footer still below
 * the fold (issue 20).
 */
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
    <section className="auth-page screen-frame" aria-labelledby="auth-title">
      <div className={wide ? 'auth-card auth-card-wide' : 'auth-card'}>
        <h1 id="auth-title">{title}</h1>
        {children}
      </div>
    </section>
  );
}
