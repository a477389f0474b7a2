import '../features/auth/auth.css';
import { authMessages as t } from '../features/auth/messages';
import { useSession } from '../lib/session-context';

/** /dashboard (spec §2): the tryout issue adds the registration card. */
export function DashboardPage() {
  const { user } = useSession();
  return (
    <section className="dashboard-page">
      <h1>{t.welcome(user?.first_name ?? '')}</h1>
    </section>
  );
}
