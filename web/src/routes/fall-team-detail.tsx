import { Link } from 'react-router-dom';
import { FALL_PROGRAM } from '@club/shared/constants';
import { PageHeader } from '../components/page-header';
import { EMAILS, mailto } from '../content/contact';
import { birthYearRule, FALL_COST_TEXT, FALL_INCLUSIONS, fallDivision } from '../content/fall-program';
import { listAgeGroups, type Division } from '../content/teams';
import type { PageMeta } from '../lib/page-meta';

export function meta({ division }: { division: Division }): PageMeta {
  const { label, ageGroups } = fallDivision(division);
  return {
    title: `Fall ${label} Teams`,
    description: `Fall 2025 ${label.toLowerCase()} teams ${listAgeGroups(ageGroups)}: eligibility, ${FALL_PROGRAM.practicesPerWeek} practices per week, tournaments of ${FALL_PROGRAM.gamesPerTournament} games each, ${FALL_COST_TEXT} with gear and uniforms included.`,
  };
}

/** A fall division's detail page (spec §2: /FallTeams/Girls and /FallTeams/Boys). */
export default function FallTeamDetailPage({ division }: { division: Division }) {
  const { label, ageGroups } = fallDivision(division);
  return (
    <>
      <PageHeader eyebrow="Fall 2025" title={`Fall ${label} Teams`}>
        <p>
          {label} teams {listAgeGroups(ageGroups)}, coached to compete and to grow.
        </p>
      </PageHeader>

      <div className="page-section">
        <div className="container detail-grid">
          <div className="detail-main">
            <section aria-labelledby="eligibility-title">
              <h2 id="eligibility-title">Eligibility</h2>
              <p>
                Age groups go by year of birth. A player may play in an age group if born in the year shown or
                later.
              </p>
              <ul className="fact-list">
                {ageGroups.map((age) => (
                  <li key={age}>
                    <strong>
                      {age} {label}:
                    </strong>{' '}
                    {birthYearRule(age)}
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="schedule-title">
              <h2 id="schedule-title">Practices and tournaments</h2>
              <ul className="fact-list">
                <li>
                  <strong>{FALL_PROGRAM.practicesPerWeek} practices per week</strong> through the fall season,
                  in Edmonton gyms.
                </li>
                <li>
                  <strong>
                    {FALL_PROGRAM.tournaments} tournaments of {FALL_PROGRAM.gamesPerTournament} games each
                  </strong>
                  , against strong teams from Alberta and beyond.
                </li>
              </ul>
            </section>

            <section aria-labelledby="included-title">
              <h2 id="included-title">What’s included</h2>
              <ul className="check-list">
                {FALL_INCLUSIONS.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
          </div>

          <aside className="detail-aside" aria-labelledby="cost-title">
            <h2 id="cost-title">Cost</h2>
            <p className="price">
              ${FALL_PROGRAM.costPerAthleteCad}
              <span> per athlete</span>
            </p>
            <p>Gear and uniforms included.</p>
            <h3>Financial support</h3>
            <p>
              Cost should never keep an athlete off the court. To ask about financial support, e-mail{' '}
              <a href={mailto(EMAILS.general, 'Financial support')}>{EMAILS.general}</a>. Every request is
              kept confidential.
            </p>
            <Link className="button button-block" to="/tryout-information">
              Team Registration
            </Link>
          </aside>
        </div>
        <p className="container back-link">
          <Link to="/FallTeams">
            <span aria-hidden="true">← </span>Back to Fall Teams
          </Link>
        </p>
      </div>
    </>
  );
}
