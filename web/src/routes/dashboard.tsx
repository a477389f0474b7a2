import { Link } from 'react-router-dom';
import '../features/auth/auth.css';
import '../features/auth/account.css';
import { authMessages as t } from '../features/auth/messages';
import { MyDataDownloads } from '../features/auth/my-data';
import { HouseholdSection } from '../features/household/household-section';
import { TryoutDashboard } from '../features/tryouts/tryout-dashboard';
import { useSession } from '../lib/session-context';

/**
 * /dashboard (spec §2): the welcome, then the player's tryout registration (or the way to register), then the
 * family: its athletes and guardians (issue 17).
 */
export function DashboardPage() {
  const { user } = useSession();
  return (
    <section className="dashboard-page">
      <div className="dashboard-head">
        <h1>{t.welcome(user?.first_name ?? '')}</h1>
        <Link className="button button-secondary" to="/account">
          Your account
        </Link>
      </div>
      <TryoutDashboard />
      <HouseholdSection />
      <section className="dashboard-data" aria-labelledby="dashboard-data-title">
        <h2 id="dashboard-data-title">Your data</h2>
        <p>A copy of everything the club stores about your account and your household’s athletes.</p>
        <MyDataDownloads />
      </section>
    </section>
  );
}
