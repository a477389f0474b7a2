import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { SocialLinks } from '../components/social-links';
import { EMAILS, mailto } from '../content/contact';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Tryout Registration',
  description: 'Tryout registration is closed for now and will reopen soon.',
};

/** The tryout registration entry (spec §2): registrations are closed and will reopen soon. */
export function TryoutsClosedPage() {
  return (
    <>
      <PageHeader eyebrow="Tryouts" title="Tryout Registration" />
      <section className="page-section narrow" aria-labelledby="closed-title">
        <div className="notice">
          <h2 id="closed-title">Registrations are closed</h2>
          <p className="lead">Tryout registrations are currently closed and will reopen soon.</p>
          <p>
            Follow us to hear the moment they open, or e-mail{' '}
            <a href={mailto(EMAILS.general, 'Tryout registration')}>{EMAILS.general}</a> with questions.
          </p>
          <SocialLinks />
        </div>
        <ul className="button-row" aria-label="Next steps">
          <li>
            <Link className="button" to="/tryout-information">
              Tryout information
            </Link>
          </li>
          <li>
            <Link className="button button-secondary" to="/FallTeams">
              Fall Teams
            </Link>
          </li>
        </ul>
      </section>
    </>
  );
}
