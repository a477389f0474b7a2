import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EMAILS, mailto } from '../content/contact';
import { PageHeader } from './page-header';
import { SocialLinks } from './social-links';

interface Props {
  eyebrow: string;
  title: string;
  /** What the program will be, in a sentence or two. */
  children: ReactNode;
  /** Links to related pages, shown under the announcement. */
  related?: ReadonlyArray<{ label: string; to: string }>;
}

/** A program page whose details are not published yet (spec §2: "coming soon"). */
export function ComingSoon({ eyebrow, title, children, related = [] }: Props) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title}>
        <p>{children}</p>
      </PageHeader>
      <section className="page-section narrow" aria-labelledby="coming-soon">
        <div className="notice">
          <h2 id="coming-soon">Coming Soon</h2>
          <p>
            Dates, times and costs will be posted here as soon as they are set. Follow us to hear first, or
            e-mail <a href={mailto(EMAILS.general, title)}>{EMAILS.general}</a> with any questions.
          </p>
          <SocialLinks />
        </div>
        {related.length ? (
          <ul className="button-row" aria-label="Related pages">
            {related.map((link) => (
              <li key={link.to}>
                <Link className="button button-secondary" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
