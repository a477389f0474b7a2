import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { EMAILS, mailto } from '../content/contact';
import { SPRING_TEAMS } from '../content/teams';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Spring Teams',
  description:
    'Spring 2026 teams for boys 13U to 18U and girls 15U and 17U. Coming soon: tryout dates and team details will be posted here.',
};

/** The spring season overview (spec §2: coming soon), with links to each age group's page. */
export default function SpringTeamsPage() {
  return (
    <>
      <PageHeader eyebrow="Spring 2026" title="Spring Teams">
        <p>Coming soon. Spring teams for boys 13U to 18U and girls 15U and 17U.</p>
      </PageHeader>
      <section className="page-section" aria-labelledby="spring-groups">
        <div className="container">
          <h2 id="spring-groups">Age groups</h2>
          <ul className="tile-grid">
            {SPRING_TEAMS.map((team) => (
              <li key={team.slug}>
                <Link className="tile" to={team.path}>
                  <span className="tile-title">{team.name}</span>
                  <span className="tile-note">Coming soon</span>
                </Link>
              </li>
            ))}
          </ul>
          <p>
            Want to hear when spring tryouts open? E-mail{' '}
            <a href={mailto(EMAILS.general)}>{EMAILS.general}</a>, or read the{' '}
            <Link to="/tryout-information">tryout information</Link> for how tryouts work.
          </p>
        </div>
      </section>
    </>
  );
}
