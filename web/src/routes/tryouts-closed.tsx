import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { serverMessages } from '@club/shared/messages';
import { OpeningNotice, OpensOn } from '../components/opening-notice';
import { PageHeader } from '../components/page-header';
import { SocialLinks } from '../components/social-links';
import { EMAILS, mailto } from '../content/contact';
import type { PageMeta } from '../lib/page-meta';
import { readActiveSeason } from '../lib/season-events';
import { useSession } from '../lib/session-context';

export const meta: PageMeta = {
  title: 'Tryout Registration',
  description:
    'Register online for Summit Basketball tryouts: see whether registration is open and sign in to register.',
};

type Registration =
  | { kind: 'checking' }
  | { kind: 'closed'; opensOn: string | null }
  | { kind: 'open'; season: string }
  | { kind: 'unknown' };

/**
 * Whether the active season takes registrations, asked once the page runs. The prerendered HTML cannot know
 * (an administrator opens and closes registration at any time), so it starts from a neutral "checking".
 */
function useRegistration(): Registration {
  const [registration, setRegistration] = useState<Registration>({ kind: 'checking' });
  useEffect(() => {
    let current = true;
    readActiveSeason().then(
      (season) => {
        if (!current) return;
        setRegistration(
          season?.is_registration_open
            ? { kind: 'open', season: season.name }
            : { kind: 'closed', opensOn: season?.registration_opens_on ?? null },
        );
      },
      () => current && setRegistration({ kind: 'unknown' }),
    );
    return () => {
      current = false;
    };
  }, []);
  return registration;
}

/** The way in for a registration that is open: register when signed in, else sign in or create an account. */
function OpenActions() {
  const { user, ready } = useSession();
  if (!ready) return null;
  if (user?.is_admin) return <p>{serverMessages.playersOnly}</p>;
  return (
    <>
      <p>
        {user
          ? 'Choose your age group and how to pay on the next page.'
          : 'Sign in to your account to register, or create one first.'}
      </p>
      <ul className="button-row" aria-label="Register">
        {user ? (
          <li>
            <Link className="button button-large" to="/tryout">
              Register for Tryouts
            </Link>
          </li>
        ) : (
          <>
            <li>
              <Link className="button button-large" to="/login">
                Sign in to register
              </Link>
            </li>
            <li>
              <Link className="button button-large button-secondary" to="/register">
                Create an account
              </Link>
            </li>
          </>
        )}
      </ul>
    </>
  );
}

function FollowUs() {
  return (
    <>
      <p>
        Follow us for news, or e-mail{' '}
        <a href={mailto(EMAILS.general, 'Tryout registration')}>{EMAILS.general}</a> with questions.
      </p>
      <SocialLinks />
    </>
  );
}

function RegistrationNotice({ registration }: { registration: Registration }) {
  switch (registration.kind) {
    case 'checking':
      return (
        <p role="status" className="lead">
          Checking whether tryout registration is open…
        </p>
      );
    case 'open':
      return (
        <>
          <h2 id="registration-title">Registration is open</h2>
          <p className="lead">Registration for {registration.season} is open.</p>
          <OpenActions />
        </>
      );
    case 'closed':
      return (
        <>
          <h2 id="registration-title">Registrations are closed</h2>
          <p className="lead">Tryout registrations are currently closed and will reopen soon.</p>
          <OpensOn date={registration.opensOn} />
          <OpeningNotice />
          <FollowUs />
        </>
      );
    case 'unknown':
      return (
        <>
          <h2 id="registration-title">Tryout registration</h2>
          <p className="lead">
            We could not check whether registration is open right now. Please refresh the page in a moment.
          </p>
          <FollowUs />
        </>
      );
  }
}

/** The tryout registration entry (spec §2): says whether the active season takes registrations, and how to join. */
export default function TryoutsClosedPage() {
  const registration = useRegistration();
  return (
    <>
      <PageHeader eyebrow="Tryouts" title="Tryout Registration" />
      {/* The answer comes once the page has asked: it is last, in a section a screen tall, so nothing in view
          moves when it arrives (issue 20). */}
      <section className="page-section narrow screen-frame" aria-label="Registration">
        <ul className="button-row registration-links" aria-label="Next steps">
          <li>
            <Link className="button button-secondary" to="/tryout-information">
              Tryout information
            </Link>
          </li>
          <li>
            <Link className="button button-secondary" to="/FallTeams">
              Fall Teams
            </Link>
          </li>
        </ul>
        <div className="notice">
          <RegistrationNotice registration={registration} />
        </div>
      </section>
    </>
  );
}
