import '../features/auth/auth.css';
import { authMessages as t } from '../features/auth/messages';
import { TryoutDashboard } from '../features/tryouts/tryout-dashboard';
import { useSession } from '../lib/session-context';

/** /dashboard (spec §2): the welcome, then the player's tryout registration (or the way to register). */
export function DashboardPage() {
  const { user } = useSession();
  return (
    <section className="dashboard-page">
      <h1>{t.welcome(user?.first_name ?? '')}</h1>
      <TryoutDashboard />
    </section>
  );
}
