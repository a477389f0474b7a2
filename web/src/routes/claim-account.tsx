import { useLocation } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { ResetPasswordForm } from '../features/auth/reset-password-form';

/**
 * /claim-account#<token> (issue 37): a family registered at the door chooses the password of the account the
 * club made for them, where their child's registration is waiting. The link is a one-time password link
 * (it also confirms the address), so the form is the reset form.
 */
export function ClaimAccountPage() {
  const { hash } = useLocation();
  return (
    <AuthCard title="Claim your family account">
      <p>Your child was registered at the door. Choose a password, then sign in to see the registration.</p>
      <ResetPasswordForm token={hash.slice(1)} />
    </AuthCard>
  );
}
