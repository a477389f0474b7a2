import type { ReactNode } from 'react';
import './tryouts.css';

/**
 * The card a /tryout state sits in: the account screens' card (auth.css, which the route loads), with the
 * state's heading and, where there is one, the season it is about.
 */
export function TryoutCard({
  title,
  season,
  children,
}: {
  title: string;
  season?: string | null;
  children: ReactNode;
}) {
  return (
    <section className="auth-page" aria-labelledby="tryout-title">
      <div className="auth-card tryout-card">
        {season ? <p className="tryout-season">{season}</p> : null}
        <h1 id="tryout-title">{title}</h1>
        {children}
      </div>
    </section>
  );
}
