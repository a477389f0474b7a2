import '../features/auth/auth.css';
import { TryoutRegistration } from '../features/tryouts/tryout-registration';

/** /tryout (spec §2): a signed-in player registers for the active season's tryouts. */
export function TryoutPage() {
  return <TryoutRegistration />;
}
