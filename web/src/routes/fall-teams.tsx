import { Link } from 'react-router-dom';
import { FALL_PROGRAM } from '@club/shared/constants';
import { PageHeader } from '../components/page-header';
import { FALL_COST_TEXT } from '../content/fall-program';
import { FALL_DIVISIONS } from '../content/teams';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Fall Teams',
  description: `Fall 2025 teams: girls 15U and 17U, boys 15U, 16U, 17U and 18U. ${FALL_PROGRAM.practicesPerWeek} practices a week, ${FALL_PROGRAM.tournaments} tournaments, gear and uniforms included.`,
};

/** The fall season overview (spec §2): the girls' and boys' teams and what both include. */
export default function FallTeamsPage() {
  return (
    <>
      <PageHeader eyebrow="Fall 2025" title="Fall Teams">
        <p>Competitive fall basketball for girls and boys, with tryouts in August.</p>
      </PageHeader>

      <section className="page-section" aria-labelledby="divisions-title">
        <div className="container">
          <h2 id="divisions-title" className="visually-hidden">
            Teams
          </h2>
          <ul className="card-grid two">
            {FALL_DIVISIONS.map((division) => (
              <li key={division.division} className="info-card team-card">
                <h3>{division.label}</h3>
                <ul className="pill-list" aria-label={`${division.label} age groups`}>
                  {division.ageGroups.map((age) => (
                    <li key={age} className="pill">
                      {age}
                    </li>
                  ))}
                </ul>
                <Link className="button" to={division.path}>
                  {division.label} Teams
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page-section tinted" aria-labelledby="both-title">
        <div className="container narrow-inner">
          <h2 id="both-title">Every fall team includes</h2>
          <ul className="fact-list">
            <li>
              <strong>{FALL_PROGRAM.practicesPerWeek} practices a week</strong> with our coaching staff
            </li>
            <li>
              <strong>{FALL_PROGRAM.tournaments} tournaments</strong> against strong competition
            </li>
            <li>
              <strong>Gear and uniforms included</strong> in the fee of {FALL_COST_TEXT}
            </li>
          </ul>
          <p>
            Ready to try out? Read the <Link to="/tryout-information">tryout information</Link> for dates,
            open gyms and age groups.
          </p>
        </div>
      </section>
    </>
  );
}
