import { ComingSoon } from '../components/coming-soon';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Winter Programming',
  description: 'Winter basketball programming for boys and girls in Edmonton: coming soon.',
};

/** Winter programming (spec §2: coming soon). */
export default function WinterProgrammingPage() {
  return (
    <ComingSoon
      eyebrow="Programs"
      title="Winter Programming"
      related={[
        { label: 'Fall Teams', to: '/FallTeams' },
        { label: 'Spring Teams', to: '/SpringTeams' },
      ]}
    >
      Winter skill development and league play to keep athletes growing between seasons. Coming soon.
    </ComingSoon>
  );
}
