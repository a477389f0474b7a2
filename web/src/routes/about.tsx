import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { CLUB, LOCATION_TEXT } from '../content/club';
import { EMAILS, mailto } from '../content/contact';
import { HIGHLIGHTS } from '../content/highlights';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'About Us',
  description: `${CLUB.name}: our mission is access to elite coaching regardless of finances. Smaller rosters, monthly growth reports, top tournaments, media coverage, and a faith and community culture.`,
};

const AUDIENCE = [
  { who: 'Athletes', what: 'who want to be coached well, compete hard and grow as people.' },
  { who: 'Parents', what: 'who want a club that is clear about costs, schedules and progress.' },
  { who: 'Coaches', what: 'who want to teach the game in a program that values development.' },
  { who: 'Sponsors', what: 'who want to invest in young people in our city.' },
  { who: 'Community members', what: 'who cheer, volunteer and make game days special.' },
] as const;

/** About the club (spec §2), with the #mission and #why-choose-us anchors the navigation links to. */
export default function AboutPage() {
  return (
    <>
      <PageHeader eyebrow="About" title={`About ${CLUB.name}`}>
        <p>
          A youth basketball club in {LOCATION_TEXT}, for boys and girls who love the game, and for the
          families, coaches and neighbours who support them.
        </p>
      </PageHeader>

      <section id="mission" className="page-section narrow" aria-labelledby="mission-title">
        <h2 id="mission-title">Our Mission</h2>
        <p className="statement">Access to elite coaching, regardless of finances.</p>
        <p>
          Talent is everywhere in Edmonton; opportunity is not. We keep our fees as low as we can, we offer
          financial support to families who need it, and we never let cost decide who gets coached well. Every
          athlete on our teams gets the same practices, the same tournaments and the same attention from our
          coaches.
        </p>
        <p>
          We offer fall and spring teams for boys and girls, winter programming, camps and training, and
          tournaments.
        </p>
      </section>

      <section id="why-choose-us" className="page-section tinted" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title">Why Choose Us</h2>
          <ul className="feature-list">
            {HIGHLIGHTS.map((item) => (
              <li key={item.title}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page-section narrow" aria-labelledby="who-title">
        <h2 id="who-title">Who we serve</h2>
        <ul className="plain-list">
          {AUDIENCE.map((item) => (
            <li key={item.who}>
              <strong>{item.who}</strong> {item.what}
            </li>
          ))}
        </ul>
        <p>
          Questions? E-mail <a href={mailto(EMAILS.general)}>{EMAILS.general}</a> or visit our{' '}
          <Link to="/contact">contact page</Link>. See what’s coming up in our{' '}
          <Link to="/#upcoming-events">upcoming events</Link>.
        </p>
      </section>
    </>
  );
}
