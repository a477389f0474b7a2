import { ComingSoon } from '../components/coming-soon';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Tournaments',
  description: 'Tournaments our teams play in and host: coming soon.',
};

/** Tournaments (spec §2: coming soon). */
export default function TournamentsPage() {
  return (
    <ComingSoon
      eyebrow="Compete"
      title="Tournaments"
      related={[
        { label: 'Fall Teams', to: '/FallTeams' },
        { label: 'Upcoming Events', to: '/#upcoming-events' },
      ]}
    >
      The tournaments our teams play in and host, with schedules and results. Coming soon.
    </ComingSoon>
  );
}
