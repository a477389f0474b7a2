import { ComingSoon } from '../components/coming-soon';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Testimonials',
  description: 'Stories from our athletes, parents and coaches: coming soon.',
};

/** Testimonials (spec §2: coming soon). */
export default function TestimonialsPage() {
  return (
    <ComingSoon
      eyebrow="Impact"
      title="Testimonials"
      related={[
        { label: 'About Us', to: '/about' },
        { label: 'Sponsorship', to: '/sponsorship' },
      ]}
    >
      Stories from our athletes, parents and coaches about what the club has meant to them. Coming soon.
    </ComingSoon>
  );
}
