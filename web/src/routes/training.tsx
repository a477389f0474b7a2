import { ComingSoon } from '../components/coming-soon';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Camps & Training',
  description: 'Basketball camps and training sessions for youth in Edmonton: coming soon.',
};

/** Camps and training (spec §2: coming soon). */
export default function TrainingPage() {
  return (
    <ComingSoon
      eyebrow="Camps & Programming"
      title="Camps & Training"
      related={[
        { label: 'Winter Programming', to: '/WinterProgramming' },
        { label: 'Tournaments', to: '/Tournaments' },
      ]}
    >
      Skills camps, small-group training and shooting clinics for every level. Coming soon.
    </ComingSoon>
  );
}
