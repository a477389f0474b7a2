import { Link, useSearchParams } from 'react-router-dom';
import type { PageMeta } from '../lib/page-meta';
import '../features/auth/auth.css';
import '../features/auth/account.css';
import { authMessages as t } from '../features/auth/messages';
import { MyDataDownloads } from '../features/auth/my-data';
import { PlayerOnly } from '../features/auth/require-session';
import { HouseholdSection } from '../features/household/household-section';
import { tryoutMessages } from '../features/tryouts/messages';
import { TryoutDashboard } from '../features/tryouts/tryout-dashboard';
import { RevealTogether } from '../lib/reveal-together';
import { useSession } from '../lib/session-context';

/** Prerendered as its frame (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Your Dashboard',
  description: 'Your tryout registration, your family and your data at Summit Basketball.',
  noindex: true,
};

const LOADING = 'Loading your dashboard…';

/** The heading row, the same in the frame and on the page, so the name arriving moves nothing. */
function DashboardHead({ firstName }: { firstName: string | null }) {
  return (
    <div className="dashboard-head">
      <h1>{firstName ? t.welcome(firstName) : 'Welcome!'}</h1>
      <Link className="button button-secondary" to="/account">
        Your account
      </Link>
    </div>
  );
}

/** Where the dashboard's cards will be, at their size, until all of them have their data. */
function DashboardPlaceholder({ text }: { text: string }) {
  return (
    <div className="dashboard-placeholder" role="status">
      <p>{text}</p>
    </div>
  );
}

/**
 * /dashboard (spec §2): the welcome, then the player's tryout registration (or the way to register), then the
 * family: its athletes and guardians (issue 17). The sections show together once all have their data, where
 * the placeholder stood, so nothing on the screen moves.
 */
function DashboardSections() {
  const [params] = useSearchParams();
  // Back from checkout (spec §7): the payment is being confirmed while the cards load.
  const placeholder = params.has('session_id') ? tryoutMessages.finalizing : LOADING;
  return (
    <RevealTogether placeholder={<DashboardPlaceholder text={placeholder} />}>
      <TryoutDashboard />
      <HouseholdSection />
      <section className="dashboard-data" aria-labelledby="dashboard-payments-title">
        <h2 id="dashboard-payments-title">Payments</h2>
        <p>
          Every payment and refund of your household’s athletes in a year, to print or keep for your records.
        </p>
        <Link className="button button-secondary" to="/dashboard/statement">
          Payments statement
        </Link>
      </section>
      <section className="dashboard-data" aria-labelledby="dashboard-data-title">
        <h2 id="dashboard-data-title">Your data</h2>
        <p>A copy of everything the club stores about your account and your household’s athletes.</p>
        <MyDataDownloads />
      </section>
    </RevealTogether>
  );
}

/**
 * Prerendered as its frame (issue 20): the heading and a placeholder, which is what shows until the session
 * is known; then the same heading takes the player's name and the sections load where the placeholder is.
 */
export default function DashboardPage() {
  const { user } = useSession();
  return (
    <section className="dashboard-page screen-frame">
      <DashboardHead firstName={user?.first_name ?? null} />
      <PlayerOnly frame={<DashboardPlaceholder text={LOADING} />}>
        <DashboardSections />
      </PlayerOnly>
    </section>
  );
}
