/**
 * What /check-email and /verify-notice say after a verification e-mail went out (spec §2, §8): where it went
 * and a resend block, or, when no address was carried over, that it is missing.
 */
import { authMessages as t } from './messages';
import { VerificationResend } from './verification-resend';

export function VerificationSentNotice({ email }: { email: string | undefined }) {
  if (!email) {
    return (
      <p role="alert" className="form-error">
        {t.missingEmail}
      </p>
    );
  }
  return (
    <>
      <p>
        {t.verificationSentTo} <strong>{email}</strong>. Please follow the link in it to verify your account.
      </p>
      <VerificationResend email={email} />
    </>
  );
}
