import { Link } from 'react-router-dom';
import { AGE_GROUP_BIRTH_YEARS, CHECK_IN_MINUTES_BEFORE_TRYOUT } from '@club/shared/constants';
import { PageHeader } from '../components/page-header';
import { SeasonEvents } from '../components/season-events';
import { EMAILS, mailto } from '../content/contact';
import type { PageMeta } from '../lib/page-meta';
import { useSeasonEvents } from '../lib/season-events';

export const meta: PageMeta = {
  title: 'Tryout Information',
  description: `Fall 2025 tryouts are in August: schedule, open gyms, age groups by birth year, and check-in ${CHECK_IN_MINUTES_BEFORE_TRYOUT} minutes before your tryout. Registration is online only.`,
};

/** Tryout information (spec §2): schedule, open gyms, the age clarification, and the way to register. */
export default function TryoutInformationPage() {
  const live = useSeasonEvents();
  return (
    <>
      <PageHeader eyebrow="Fall 2025" title="Tryout Information">
        {/* The spec's sentence, unless the active season's sessions say another month (issue 36: it read
            "August" beside November dates). */}
        <p>
          {live.state === 'ready' && live.events && live.month !== 'August 2025'
            ? `Tryouts are in ${live.month}.`
            : 'Fall 2025 tryouts are in August.'}{' '}
          Here is everything you need to know before you come.
        </p>
      </PageHeader>

      <section className="page-section narrow" aria-labelledby="before-title">
        <h2 id="before-title">Before you come</h2>
        <ul className="fact-list">
          <li>
            <strong>Register online before your tryout.</strong> There is no in-person registration.
          </li>
          <li>
            <strong>Check in {CHECK_IN_MINUTES_BEFORE_TRYOUT} minutes before your tryout</strong> so we can
            start on time.
          </li>
          <li>
            <strong>Bring</strong> basketball shoes, athletic clothes and a full water bottle.
          </li>
        </ul>
      </section>

      <section className="page-section tinted" aria-labelledby="schedule-title">
        <div className="container">
          <h2 id="schedule-title">Tryout schedule</h2>
          <SeasonEvents live={live} kind="tryout" />
          {live.state === 'ready' && live.fee !== null ? (
            <p className="event-fee">
              Tryout fee: {live.fee}, paid by card when you register or in cash on tryout day.
            </p>
          ) : null}
        </div>
      </section>

      <section className="page-section" aria-labelledby="open-gyms-title">
        <div className="container">
          <h2 id="open-gyms-title">Open gyms</h2>
          <p>
            Open gyms are a relaxed way to meet the coaches and get a feel for our practices before tryouts.
          </p>
          <SeasonEvents live={live} kind="open-gym" />
        </div>
      </section>

      <section className="page-section narrow" aria-labelledby="ages-title">
        <h2 id="ages-title">Which age group?</h2>
        <p>
          Age groups go by year of birth: a player fits an age group if they were{' '}
          <strong>born in the year shown or later</strong>.
        </p>
        <table className="age-table">
          <caption className="visually-hidden">Age groups by year of birth</caption>
          <thead>
            <tr>
              <th scope="col">Age group</th>
              <th scope="col">Born in</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(AGE_GROUP_BIRTH_YEARS).map(([age, year]) => (
              <tr key={age}>
                <th scope="row">{age}</th>
                <td>{year} or later</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Not sure? E-mail <a href={mailto(EMAILS.general, 'Which age group?')}>{EMAILS.general}</a> and we’ll
          help.
        </p>
        <ul className="button-row" aria-label="Register">
          <li>
            <Link className="button button-large" to="/TryoutsClosed">
              Register for Tryouts
            </Link>
          </li>
        </ul>
        <p className="back-link">
          <Link to="/FallTeams">
            <span aria-hidden="true">← </span>Back to Fall Teams
          </Link>
        </p>
      </section>
    </>
  );
}
