import { useLocation } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { ResetPasswordForm } from '../features/auth/reset-password-form';

/** The words of a first password, not a reset's: the family never had one (issue 42). */
const SET_WORDS = {
  submit: 'Set your password',
  busy: 'Setting your password...',
  succeeded: 'Your password is set! Redirecting to sign in...',
};

/**
 * /claim-account#<token>&child=<name> (issues 37 and 42): a family registered at the door chooses the first
 * password of the account the club made for them, where their child's registration is waiting. The link is
 * a one-time password link (it also confirms the address); after the token, the fragment names the child,
 * so the page can (it never leaves the browser).
 */
export function ClaimAccountPage() {
  const { hash } = useLocation();
  const [token = '', rest = ''] = hash.slice(1).split(/&(.*)/s);
  const child = new URLSearchParams(rest).get('child')?.trim();
  return (
    <AuthCard title="Set your password">
      <p>
        {child ? `${child} was registered at the door` : 'Your child was registered at the door'}, and the
        club made a family account for you. Choose a password to open it: {child ? `${child}’s` : 'the'}{' '}
        registration, receipt and result are waiting there.
      </p>
      <ResetPasswordForm token={token} words={SET_WORDS} />
    </AuthCard>
  );
}
