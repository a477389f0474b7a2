import { useSearchParams } from 'react-router-dom';
import type { PageMeta } from '../lib/page-meta';
import { useHydrated } from '../lib/use-hydrated';
import { AuthCard } from '../features/auth/auth-card';
import { authMessages as t } from '../features/auth/messages';
import { RegisterForm } from '../features/auth/register-form';

/** Prerendered (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Create Your Account',
  description: 'Create a Summit Basketball account for yourself or your children to register for tryouts.',
  noindex: true,
};

/**
 * Sent from a helper's invitation (issue 42, `?as=helper&job=…`): the form starts as an adult's account with
 * the invited address filled in, and says why they are here.
 */
function HelperNote() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  if (!hydrated || params.get('as') !== 'helper') return null;
  const job = params.get('job') === 'evaluator' ? 'as an evaluator' : 'at check-in';
  return (
    <p className="form-note" role="note">
      You were invited to help {job}. Create your account as an adult (a parent, guardian or volunteer) with
      the address the invitation was sent to, then accept the invitation.
    </p>
  );
}

export default function RegisterPage() {
  return (
    <AuthCard title={t.registerTitle} wide>
      <HelperNote />
      <RegisterForm />
    </AuthCard>
  );
}
