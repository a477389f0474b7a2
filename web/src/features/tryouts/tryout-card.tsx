import type { ReactNode } from 'react';
import './tryouts.css';

/**
 * The card a /tryout state sits in: the account screens' card (auth.css, which the route loads), with the
 * season it is about (a blank line where there is none) above the state's heading.
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
        {/* Always there, blank without a season: a card keeps its shape from loading to loaded (issue 20). */}
        <p className="tryout-season" aria-hidden={season ? undefined : true}>
          {season || '\u00a0'}
        </p>
        <h1 id="tryout-title">{title}</h1>
        {children}
      </div>
    </section>
  );
}
