import { Link } from 'react-router-dom';
import { FALL_PROGRAM } from '@club/shared/page-constants';
import { SeasonEvents } from '../components/season-events';
import { useSeasonEvents } from '../lib/season-events';
import { LOCATION_TEXT } from '../content/club';
import { HIGHLIGHTS } from '../content/highlights';
import { FALL_DIVISIONS, listAgeGroups } from '../content/teams';
import type { PageMeta } from '../lib/page-meta';
import heroUrl from '../assets/hero-court.svg';

export const meta: PageMeta = {
  title: 'Youth Basketball in Edmonton, Alberta',
  description:
    'Fall and spring basketball teams for boys and girls, winter programming, camps and tournaments in Edmonton, Alberta. Elite coaching regardless of finances. Fall 2025 tryouts are in August.',
};

const [girls, boys] = FALL_DIVISIONS as [(typeof FALL_DIVISIONS)[0], (typeof FALL_DIVISIONS)[0]];

const INFO_CARDS = [
  {
    title: 'Fall 2025',
    text: `Girls ${listAgeGroups(girls.ageGroups)} and boys ${listAgeGroups(boys.ageGroups)} teams. ${FALL_PROGRAM.practicesPerWeek} practices a week, ${FALL_PROGRAM.tournaments} tournaments, gear and uniforms included. Tryouts are in August.`,
    to: '/FallTeams',
    link: 'See the fall teams',
  },
  {
    title: 'Spring 2026',
    text: 'Boys 13U to 18U and girls 15U and 17U. Team details are coming soon.',
    to: '/SpringTeams',
    link: 'See the spring teams',
  },
  {
    title: 'Tournaments',
    text: `Our teams test themselves against top competition, with ${FALL_PROGRAM.gamesPerTournament} games at every event.`,
    to: '/Tournaments',
    link: 'About our tournaments',
  },
  {
    title: 'Camps',
    text: 'Skills camps and training sessions for every level. Dates are coming soon.',
    to: '/Training',
    link: 'Camps and training',
  },
] as const;

/** The home page (spec §2): hero, highlights grid, four info cards and the Upcoming Events list. */
export default function HomePage() {
  const live = useSeasonEvents();
  const fee = live.state === 'ready' ? live.fee : null;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <div className="hero-text">
            <p className="eyebrow">Youth basketball · {LOCATION_TEXT}</p>
            <h1 id="hero-title">Elite coaching for every athlete, regardless of finances</h1>
            <p className="lead">
              Fall and spring teams for boys and girls, winter programming, camps and tournaments. Smaller
              rosters, real development and a community that shows up for each other.
            </p>
            {/* The way in, in the first screenful on a phone while registration is open (issue 42: it was
                4,300 px down). One button tall from the first paint, so the season's answer moves nothing; a
                new element (its own key), not the link restyled, which would count as the link moving. */}
            <p className="hero-tryouts">
              {live.state === 'ready' && live.registrationOpen ? (
                <Link key="register" className="button button-large" to="/tryout">
                  Register for tryouts
                </Link>
              ) : (
                <Link key="information" className="hero-tryouts-link" to="/tryout-information">
                  Tryout information
                </Link>
              )}
            </p>
            <ul className="button-row" aria-label="Seasons and programs">
              <li>
                <Link className="button button-large" to="/FallTeams">
                  Fall Season
                </Link>
              </li>
              <li>
                <Link className="button button-large button-light" to="/SpringTeams">
                  Spring Season
                </Link>
              </li>
              <li>
                <Link className="button button-large button-outline" to="/Training">
                  Camps &amp; Programming
                </Link>
              </li>
            </ul>
          </div>
          <img className="hero-art" src={heroUrl} alt="" width="480" height="480" fetchPriority="high" />
        </div>
      </section>

      <section className="page-section" aria-labelledby="highlights-title">
        <div className="container">
          <p className="eyebrow">Why families choose us</p>
          <h2 id="highlights-title">Highlights</h2>
          <ul className="highlights">
            {HIGHLIGHTS.map((item) => (
              <li key={item.title}>
                <figure className="highlight">
                  <img
                    src={item.image}
                    alt={item.alt}
                    width="400"
                    height="300"
                    loading="lazy"
                    decoding="async"
                  />
                  <figcaption>
                    <strong>{item.title}</strong> {item.text}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page-section tinted" aria-labelledby="programs-title">
        <div className="container">
          <p className="eyebrow">Programs</p>
          <h2 id="programs-title">Seasons and programs</h2>
          <ul className="card-grid">
            {INFO_CARDS.map((card) => (
              <li key={card.title} className="info-card">
                <h3>{card.title}</h3>
                <p>{card.text}</p>
                <Link className="card-link" to={card.to}>
                  {card.link}
                  <span aria-hidden="true"> →</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="upcoming-events" className="page-section" aria-labelledby="events-title">
        <div className="container">
          {live.state === 'ready' ? (
            <p className="eyebrow">{live.month}</p>
          ) : (
            <noscript>
              <p className="eyebrow">August 2025</p>
            </noscript>
          )}
          <h2 id="events-title">Upcoming Events</h2>
          <SeasonEvents live={live} />
          {fee !== null ? <p className="event-fee">Tryout fee: {fee}</p> : null}
          <ul className="button-row section-more" aria-label="Tryouts">
            <li>
              <Link
                className={
                  live.state === 'ready' && live.registrationOpen ? 'button button-secondary' : 'button'
                }
                to="/tryout-information"
              >
                Tryout information
              </Link>
            </li>
            {live.state === 'ready' && live.registrationOpen ? (
              <li>
                <Link className="button" to="/tryout">
                  Register for tryouts
                </Link>
              </li>
            ) : null}
          </ul>
        </div>
      </section>
    </>
  );
}
