import type { PageMeta } from '../lib/page-meta';
import '../features/auth/auth.css';
import { PlayerOnly } from '../features/auth/require-session';
import { loadingTryoutCard, TryoutRegistration } from '../features/tryouts/tryout-registration';

/** Prerendered as its frame (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Tryout Registration',
  description: 'Register for Summit Basketball’s tryouts.',
  noindex: true,
};

/**
 * /tryout (spec §2): a signed-in player registers for the active season's tryouts. Until the session is
 * known the screen shows the card it starts with, loading (issue 20).
 */
export default function TryoutPage() {
  return (
    <div className="screen-frame">
      <PlayerOnly frame={loadingTryoutCard()}>
        <TryoutRegistration />
      </PlayerOnly>
    </div>
  );
}
