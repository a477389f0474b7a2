import { ComingSoon } from '../components/coming-soon';
import { springTeamName, type SpringTeamSlug } from '../content/teams';
import type { PageMeta } from '../lib/page-meta';

export function meta({ slug }: { slug: SpringTeamSlug }): PageMeta {
  const name = springTeamName(slug);
  return {
    title: `Spring ${name}`,
    description: `Spring 2026 ${name} team: coming soon. Tryout dates, practices and costs will be posted here.`,
  };
}

/** One spring age group's page (spec §2: a Coming Soon placeholder). */
export default function SpringTeamDetailPage({ slug }: { slug: SpringTeamSlug }) {
  const name = springTeamName(slug);
  return (
    <ComingSoon
      eyebrow="Spring 2026"
      title={`Spring ${name}`}
      related={[
        { label: 'All Spring Teams', to: '/SpringTeams' },
        { label: 'Tryout Information', to: '/tryout-information' },
      ]}
    >
      The {name} spring team is coming soon.
    </ComingSoon>
  );
}
