import '../features/auth/auth.css';
import { AdminDashboard } from '../features/admin/admin-dashboard';

/** /admin (spec §2): the administrator's Tryouts and Player Details tabs. */
export function AdminPage() {
  return <AdminDashboard />;
}
